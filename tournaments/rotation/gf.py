"""Small finite fields GF(q), q = p**k, for the affine-plane constructions.

An element is an int 0..q-1 whose base-p digits are the coefficients of a
polynomial over Z_p; multiplication reduces modulo a monic irreducible
polynomial of degree k found by trial division (q is tiny, so tables are cheap).
"""

from functools import cache


def prime_power(q: int) -> tuple[int, int] | None:
    """Return (p, k) with q == p**k and p prime, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k, rest = 0, q
    while rest % p == 0:
        rest //= p
        k += 1
    return (p, k) if rest == 1 else None


def _digits(x: int, p: int, k: int) -> list[int]:
    return [(x // p**i) % p for i in range(k)]


def _poly_mulmod(a: list[int], b: list[int], modulus: list[int], p: int) -> list[int]:
    """Product of a and b reduced by the monic `modulus` (coefficients low first)."""
    k = len(modulus) - 1
    prod = [0] * (2 * k)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            prod[i + j] = (prod[i + j] + x * y) % p
    for deg in range(len(prod) - 1, k - 1, -1):
        c = prod[deg]
        if c:
            for i in range(k + 1):
                prod[deg - k + i] = (prod[deg - k + i] - c * modulus[i]) % p
    return prod[:k]


def _irreducible(p: int, k: int) -> list[int]:
    """First monic degree-k polynomial that is irreducible over Z_p, found by brute
    force: it is irreducible exactly when Z_p[x]/(f) has no zero divisors."""
    for tail in range(p**k):
        modulus = _digits(tail, p, k) + [1]
        if _is_field(modulus, p, k):
            return modulus
    raise ValueError(f"no irreducible polynomial for {p}^{k}")


def _is_field(modulus: list[int], p: int, k: int) -> bool:
    """The quotient ring is a field iff it has no zero divisors."""
    q = p**k
    elems = [_digits(x, p, k) for x in range(q)]
    for a in elems[1:]:
        for b in elems[1:]:
            if not any(_poly_mulmod(a, b, modulus, p)):
                return False
    return True


@cache
def field_tables(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Addition and multiplication tables of GF(q)."""
    pk = prime_power(q)
    if pk is None:
        raise ValueError(f"{q} is not a prime power")
    p, k = pk
    modulus = _irreducible(p, k)
    elems = [_digits(x, p, k) for x in range(q)]

    def encode(c: list[int]) -> int:
        return sum(d * p**i for i, d in enumerate(c))

    add = tuple(
        tuple(encode([(x + y) % p for x, y in zip(a, b, strict=False)]) for b in elems) for a in elems
    )
    mul = tuple(tuple(encode(_poly_mulmod(a, b, modulus, p)) for b in elems) for a in elems)
    return add, mul
