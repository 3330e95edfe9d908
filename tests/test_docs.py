"""The README and docs/ stand on their own in a clone: every file they link to or name is in
the repository (no notes outside it, such as a `../shared/` folder), and the commands they give
work after the set-up as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
#: A path named in backticks: docs/design.md, engine/mombasa/NOTES.md, ../x/y.md
NAMED_FILE = re.compile(r"`((?:\.\./|[\w.-]+/)[\w./-]*\.(?:md|py|yaml|toml|txt))`")
OUTSIDE = re.compile(r"\.\./shared|/work/shared|\bshared/(?:design|rules|seeds)")


def test_docs_link_only_to_files_in_the_repository():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for target in LINK.findall(text) + NAMED_FILE.findall(text):
            if target.startswith(("http://", "https://", "mailto:")) or "<" in target:
                continue
            path = (doc.parent / target).resolve()
            if not path.exists():
                path = (ROOT / target).resolve()
            assert path.exists(), f"{doc.name} names {target}, which is not in the repository"
            assert ROOT in path.parents, f"{doc.name} names {target}, outside the repository"


def test_no_reference_to_notes_outside_the_repository():
    """The design notes are docs/design.md; the rules are the titles' own (`/game rules`)."""
    places = [*DOCS, *ROOT.glob("engine/**/*.py"), *ROOT.glob("engine/**/*.md")]
    places += [*ROOT.glob("bot/**/*.py"), *ROOT.glob("render/**/*.py")]
    places += list(ROOT.glob("bench/**/*.py"))
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in places
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert found == []
    assert (ROOT / "docs" / "design.md").exists()


def test_readme_gives_boardroom_admin_with_its_path():
    """The set-up installs it in .venv/bin, which is not on PATH."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Maintenance: `boardroom-admin`", 1)[1].split("\n#", 1)[0]
    assert "`.venv/bin/boardroom-admin" in section
    bare = re.findall(r"(?<![/\w])boardroom-admin [a-z]", section)
    assert bare == [], bare
