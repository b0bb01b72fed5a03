"""Season counters in player indices 0..n-1, updated incrementally by the search."""

BIG = 100_000  # weight of a hard constraint (forbidden / keep-together pair)
PAIR_WEIGHT = 10  # per unit of meetings squared: spreads the repeats that must happen
REPEAT_WEIGHT = 40  # per meeting after a pair's first: new opponents come first, so a plan
# meets as many different pairs as it can before it spreads what repeats remain


def meeting_cost(count: int) -> int:
    """Cost of a pair (no rule) that meets count times: a repeat costs at least 70,
    a first meeting 10, and a third meeting more than a second."""
    return PAIR_WEIGHT * count * count + REPEAT_WEIGHT * max(count - 1, 0)


# Cost of one more meeting for a pair that has met c times: the searches' inner loop.
_MORE = tuple(meeting_cost(c + 1) - meeting_cost(c) for c in range(256))


def _one_more(c: int) -> int:
    return _MORE[c] if c < len(_MORE) else meeting_cost(c + 1) - meeting_cost(c)


class Season:
    """Meetings, partnerships, small-table and sit-out counts over the whole season.

    pair_weight[a][b] is +1 for a forbidden pair, -1 for a keep-together pair and 0
    otherwise; the cost of a pair is BIG per meeting (or -BIG) for those, else
    meeting_cost of its meeting count.
    """

    def __init__(self, n: int, preferred: int, partnership: bool = False):
        self.n, self.preferred, self.partnership = n, preferred, partnership
        self.meet = [[0] * n for _ in range(n)]
        self.partner = [[0] * n for _ in range(n)]
        self.rule = [[0] * n for _ in range(n)]
        self.small = [0] * n
        self.sit_outs = [0] * n
        self.active = list(range(n))  # players present now (others only in the past)

    def set_rule(self, a: int, b: int, rule: int) -> None:
        self.rule[a][b] = self.rule[b][a] = rule

    def add_round(self, tables, out, sign: int = 1) -> None:
        for table in tables:
            self.add_table(table, sign)
        for p in out:
            self.sit_outs[p] += sign

    def add_table(self, table, sign: int = 1) -> None:
        for i, a in enumerate(table):
            for b in table[i + 1:]:
                self.meet[a][b] += sign
                self.meet[b][a] += sign
            if len(table) < self.preferred:
                self.small[a] += sign
        if self.partnership and len(table) == 4:
            for a, b in ((table[0], table[2]), (table[1], table[3])):
                self.partner[a][b] += sign
                self.partner[b][a] += sign

    def pair_delta(self, a: int, b: int, sign: int) -> int:
        """Cost change when a and b meet once more (+1) or once less (-1)."""
        rule = self.rule[a][b]
        if rule:
            return sign * rule * BIG
        c = self.meet[a][b]
        return _one_more(c) if sign > 0 else -_one_more(c - 1)

    def partner_delta(self, a: int, b: int, sign: int) -> int:
        c = self.partner[a][b]
        return 2 * c + 1 if sign > 0 else 1 - 2 * c
