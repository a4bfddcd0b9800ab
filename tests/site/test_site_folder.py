"""The site writes and removes only regular files inside its folder, never through a link
planted there (a folder committed to a repository that CI builds into and publishes)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from conformance.site.build import MANIFEST, SiteFolderError, write_site

FILES = {
    "badges/e.svg": b"<svg/>",
    "engines/e.html": b"<p>e</p>",
    "index.html": b"<p>index</p>",
}


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file outside the site's folder, which no build may touch."""
    path = tmp_path / "victim.txt"
    path.write_text("precious", encoding="utf-8")
    return path


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """A folder holding a site built earlier."""
    folder = tmp_path / "site"
    write_site(folder, FILES)
    return folder


def test_a_site_replaces_its_earlier_build(out: Path) -> None:
    write_site(out, {"index.html": b"new", "rules/R.html": b"r"})
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [
        MANIFEST,
        "index.html",
        "rules",
        "rules/R.html",
    ]
    assert (out / "index.html").read_bytes() == b"new"


def test_a_file_linked_elsewhere_is_replaced_not_written_through(out: Path, victim: Path) -> None:
    (out / "index.html").unlink()
    (out / "index.html").symlink_to(victim)
    write_site(out, FILES)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (out / "index.html").is_symlink()
    assert (out / "index.html").read_bytes() == FILES["index.html"]


def test_a_file_linked_elsewhere_but_not_listed_is_not_written_through(
    tmp_path: Path, victim: Path
) -> None:
    # A new, empty folder but for the link: it is still not written through.
    folder = tmp_path / "fresh"
    write_site(folder, {"engines/e.html": b"e"})
    (folder / "index.html").symlink_to(victim)
    write_site(folder, FILES)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert (folder / "index.html").read_bytes() == FILES["index.html"]


def test_a_folder_linked_elsewhere_is_refused(out: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for file in (out / "badges").iterdir():
        file.unlink()
    (out / "badges").rmdir()
    (out / "badges").symlink_to(elsewhere)
    with pytest.raises(SiteFolderError, match="badges is not a folder"):
        write_site(out, FILES)
    assert list(elsewhere.iterdir()) == []


def test_the_output_folder_itself_is_not_followed(tmp_path: Path, out: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(out)
    with pytest.raises(SiteFolderError, match="is not a folder"):
        write_site(link, {"index.html": b"through the link"})
    assert (out / "index.html").read_bytes() == FILES["index.html"]


def test_a_listed_file_through_a_linked_folder_is_not_removed(out: Path, victim: Path) -> None:
    (out / "up").symlink_to("..")
    manifest = (out / MANIFEST).read_text(encoding="utf-8")
    (out / MANIFEST).write_text(manifest + "up/victim.txt\n", encoding="utf-8")
    write_site(out, FILES)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert (out / "up").is_symlink()


@pytest.mark.parametrize("name", ["../victim.txt", "/VICTIM", "./../victim.txt"])
def test_a_listed_name_outside_the_folder_is_not_removed(
    out: Path, victim: Path, name: str
) -> None:
    manifest = (out / MANIFEST).read_text(encoding="utf-8")
    (out / MANIFEST).write_text(manifest + name.replace("VICTIM", str(victim)) + "\n")
    write_site(out, FILES)
    assert victim.read_text(encoding="utf-8") == "precious"


def test_a_listed_link_is_not_removed_nor_its_target(out: Path, victim: Path) -> None:
    (out / "badges" / "e.svg").unlink()
    (out / "badges" / "keep.svg").symlink_to(victim)
    manifest = (out / MANIFEST).read_text(encoding="utf-8")
    (out / MANIFEST).write_text(manifest + "badges/keep.svg\n", encoding="utf-8")
    write_site(out, FILES)
    assert (out / "badges" / "keep.svg").is_symlink() and victim.exists()


def test_a_linked_manifest_is_no_manifest(tmp_path: Path, out: Path) -> None:
    planted = tmp_path / "planted"
    planted.write_text((out / MANIFEST).read_text(encoding="utf-8") + "../victim.txt\n")
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine", encoding="utf-8")
    (other / MANIFEST).symlink_to(planted)
    with pytest.raises(SiteFolderError, match="not empty"):
        write_site(other, FILES)
    assert (other / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_fifo_manifest_does_not_hang(tmp_path: Path) -> None:
    folder = tmp_path / "fifo"
    folder.mkdir()
    os.mkfifo(folder / MANIFEST)
    failed: list[BaseException] = []

    def build() -> None:
        try:
            write_site(folder, FILES)
        except BaseException as exc:  # handed to the test's thread
            failed.append(exc)

    worker = threading.Thread(target=build, daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive()
    assert len(failed) == 1 and isinstance(failed[0], SiteFolderError)
