"""The docs stand on their own: every relative link in docs/ and the README leads to a file
(and heading) of this repository, and no doc cites a path outside it. The rule texts and the
product decisions behind the games are not in the repository, so the pages name them by title
(docs/rules/README.md, "Sources"); a path such as ``../shared/rules/decisions.md`` means
nothing to a reader of a clone."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LINK = re.compile(r"\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
URL_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)
# The source rule texts were kept as numbered files outside the repository (000_…, 004_…).
SOURCE_TEXT_FILE = re.compile(r"\b\d{3}_(?:[0-9a-f]{16}(?:\.txt)?|…|\.\.\.)")
# Machine paths that only exist where a doc was written.
MACHINE_PATH = re.compile(r"(?<![\w.:/-])(?:/work|/home|/root|/Users|/mnt|~)(?:/[\w.…-]+)+")
UP_PATH = re.compile(r"(?<![\w./-])((?:\.\./)+[\w.-]+(?:/[\w.-]+)*)")
DOC_FILE_NAME = re.compile(r"[\w.-]+\.(?:md|txt)")
# A Markdown page named in prose ("as decisions.md says"), not as part of a path.
PAGE_NAME = re.compile(r"(?<![\w./-])[\w-]+\.md\b(?![\w/-])")


def _docs():
    return sorted(ROOT.glob("*.md")) + sorted(ROOT.glob("docs/**/*.md"))


def _name(path, root=ROOT):
    return path.resolve().relative_to(root).as_posix()


def _prose(text):
    """The text without fenced code blocks: shell sessions there name scratch paths freely."""
    return FENCE.sub("", text)


def _line(text, index):
    return text.count("\n", 0, index) + 1


def _inside(path, root=ROOT):
    return path.resolve().is_relative_to(root)


def _slug(heading):
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    heading = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip())
    heading = re.sub(r"[^\w\- ]", "", heading.lower())
    return heading.replace(" ", "-")


def _anchors(path):
    anchors, seen = set(), {}
    for line in _prose(path.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = _slug(heading.group(1))
            anchors.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
            seen[slug] = seen.get(slug, 0) + 1
    anchors.update(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", path.read_text(encoding="utf-8")))
    return anchors


def _blank(match):
    """A code span replaced by spaces of its length, so positions (and lines) stay put."""
    return " " * len(match.group(0))


def _repository_file_names():
    skip = {".git", ".venv", "node_modules"}
    return {
        path.name
        for path in ROOT.rglob("*")
        if path.is_file() and not skip.intersection(path.relative_to(ROOT).parts)
    }


def broken_links(doc, root=ROOT):
    """Relative links of one doc that lead nowhere: no such file, outside the repository, or to a
    heading the target does not have."""
    text = _prose(doc.read_text(encoding="utf-8"))
    problems = []
    for match in LINK.finditer(text):
        target = match.group(1)
        if URL_SCHEME.match(target):
            continue
        file_part, _, anchor = target.partition("#")
        path = (doc.parent / file_part) if file_part else doc
        where = f"{_name(doc, root)}:{_line(text, match.start())}: link {target!r}"
        if not _inside(path, root):
            problems.append(f"{where} leads outside the repository")
        elif not path.exists():
            problems.append(f"{where}: no file {_name(path, root)}")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
            problems.append(f"{where}: {_name(path, root)} has no heading #{anchor}")
    return problems


def paths_outside(path, text, file_names, root=ROOT):
    """Places in a text that cite a file outside the repository: a path that climbs out of it,
    a path on somebody's machine, a source rule text by its file name, or a document (``.md``,
    ``.txt``) named in a code span that no file in the repository is called."""
    problems = []

    def note(index, what):
        problems.append((index, f"{_name(path, root)}:{_line(text, index)}: {what}"))

    for match in UP_PATH.finditer(text):
        target = path.parent / match.group(1).rstrip(".")
        if not (_inside(target, root) and target.exists()):
            note(match.start(), f"{match.group(1)!r} is outside the repository")
    for match in MACHINE_PATH.finditer(text):
        note(match.start(), f"{match.group(0)!r} is a path on one machine")
    for match in SOURCE_TEXT_FILE.finditer(text):
        note(match.start(), f"{match.group(0)!r} names a source text by its file; name it by title")
    named = [(m.start(), m.group(1).strip()) for m in CODE_SPAN.finditer(text)]
    named += [(m.start(), m.group(0)) for m in PAGE_NAME.finditer(CODE_SPAN.sub(_blank, text))]
    for index, name in named:
        if DOC_FILE_NAME.fullmatch(name) and name not in file_names and not SOURCE_TEXT_FILE.match(name):
            note(index, f"{name!r} is no file of the repository; name the document by title")
    return [problem for _, problem in sorted(problems, key=lambda found: found[0])]


# A path in a code span: a top-level folder of the repository, then more, ending in a file
# name with an extension or in a slash (a folder). `<game>` and `*` stand for any name.
REPO_PATH = re.compile(r"[\w.-]+(?:/[\w.<>*-]+)*(?:\.[a-z]{1,5}|/)")


def _matches(path: str, root: Path) -> bool:
    pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/"))
    if any(root.glob(pattern)):
        return True
    # A template named as Django finds it (`tournaments/_event_status.html`).
    return path.endswith(".html") and any(root.glob(f"*/templates/{pattern}"))


def missing_repository_paths(doc, root=ROOT):
    """Paths of this repository that a doc names in code spans but that are not there (a
    file moved or renamed without its docs)."""
    top = {path.name for path in root.iterdir() if not path.name.startswith(".")}
    text = _prose(doc.read_text(encoding="utf-8"))
    problems = []
    for match in CODE_SPAN.finditer(text):
        path = match.group(1).strip()
        if (REPO_PATH.fullmatch(path) and "/" in path and path.split("/")[0] in top
                and not _matches(path, root)):
            problems.append(f"{_name(doc, root)}:{_line(text, match.start())}: {path!r} is not "
                            "in the repository (moved or renamed?)")
    return problems


@pytest.fixture(scope="module")
def file_names():
    return _repository_file_names()


def test_every_relative_link_in_the_docs_and_the_readme_resolves():
    problems = [problem for doc in _docs() for problem in broken_links(doc)]
    assert problems == [], "\n".join(problems)


def test_no_doc_cites_a_path_outside_the_repository(file_names):
    problems = [
        problem
        for doc in _docs()
        for problem in paths_outside(doc, _prose(doc.read_text(encoding="utf-8")), file_names)
    ]
    assert problems == [], "\n".join(problems)


def test_every_repository_path_a_doc_names_is_there():
    problems = [problem for doc in _docs() for problem in missing_repository_paths(doc)]
    assert problems == [], "\n".join(problems)


def test_no_rules_docstring_cites_a_path_outside_the_repository(file_names):
    problems = [
        problem
        for module in sorted(ROOT.glob("games/**/*.py"))
        for problem in paths_outside(module, module.read_text(encoding="utf-8"), file_names)
    ]
    assert problems == [], "\n".join(problems)


# The checks themselves, on a made-up repository: each fault is caught and named with its line,
# and what is sound passes.


def _page(root, name, text):
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_link_to_a_missing_file_or_heading_or_out_of_the_repository_is_named(tmp_path):
    _page(tmp_path, "docs/records.md", "# Records\n\n## Pitch: a hand\n")
    doc = _page(
        tmp_path,
        "docs/rules/pitch.md",
        "# Pitch\n\n## The rules\n\n[self](#the-rules) [web](https://example.org/x)\n"
        "[records](../records.md#pitch-a-hand) [up](../../README.md)\n"
        "[gone](#nowhere) [missing](no-such-page.md) [heading](../records.md#bluke)\n"
        "[out](../../../outside.md)\n```\n[in a code block](nowhere.md)\n```\n",
    )
    _page(tmp_path, "README.md", "# Read me\n")

    problems = broken_links(doc, root=tmp_path)

    assert problems == [
        "docs/rules/pitch.md:7: link '#nowhere': docs/rules/pitch.md has no heading #nowhere",
        "docs/rules/pitch.md:7: link 'no-such-page.md': no file docs/rules/no-such-page.md",
        "docs/rules/pitch.md:7: link '../records.md#bluke': docs/records.md has no heading #bluke",
        "docs/rules/pitch.md:8: link '../../../outside.md' leads outside the repository",
    ]


def test_a_path_outside_the_repository_is_named_with_its_line(tmp_path):
    _page(tmp_path, "docs/records.md", "# Records\n")
    page = _page(tmp_path, "docs/rules/pitch.md", "")
    text = (
        'Sources: the Denexa article "Pitch" and the product decisions.\n'
        "See ../shared/rules/decisions.md and `/work/shared/rules/README.md`.\n"
        "The rule text `004_…` and `000_f2541dd9e816ed0f.txt`; also `decisions.md`.\n"
        "As notes.md says (pitch.md agrees, as docs/records.md does).\n"
        "Fine: ../records.md, `records.md`, `pitch.md`, `/api/v1/tables/`.\n"
    )

    problems = paths_outside(page, text, {"records.md", "pitch.md"}, root=tmp_path)

    assert problems == [
        "docs/rules/pitch.md:2: '../shared/rules/decisions.md' is outside the repository",
        "docs/rules/pitch.md:2: '/work/shared/rules/README.md' is a path on one machine",
        "docs/rules/pitch.md:3: '004_…' names a source text by its file; name it by title",
        "docs/rules/pitch.md:3: '000_f2541dd9e816ed0f.txt' names a source text by its file; "
        "name it by title",
        "docs/rules/pitch.md:3: 'decisions.md' is no file of the repository; "
        "name the document by title",
        "docs/rules/pitch.md:4: 'notes.md' is no file of the repository; name the document by title",
    ]


def test_a_path_that_moved_is_named_and_patterns_templates_and_urls_pass(tmp_path):
    _page(tmp_path, "games/pitch/rules.py", "")
    _page(tmp_path, "tournaments/templates/tournaments/_event_status.html", "")
    _page(tmp_path, "tests/games/pitch/golden/pitch.json", "")
    doc = _page(
        tmp_path,
        "docs/rules/pitch.md",
        "`games/pitch/rules.py`, `games/<game>/rules.py`, `tests/games/*/golden/*.json`\n"
        "`tournaments/_event_status.html`, `/api/v1/tables/`, `application/json`, `pitch.md`\n"
        "`games/rules/pitch.py` and `tests/games/golden/`\n",
    )

    assert missing_repository_paths(doc, root=tmp_path) == [
        "docs/rules/pitch.md:3: 'games/rules/pitch.py' is not in the repository "
        "(moved or renamed?)",
        "docs/rules/pitch.md:3: 'tests/games/golden/' is not in the repository "
        "(moved or renamed?)",
    ]
