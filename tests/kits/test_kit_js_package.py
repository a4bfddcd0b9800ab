"""The JavaScript kit as a package: both entry points, its types, its values and replay helper."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import ROOT
from tests.support.kits import CORRUPTED, corrupted_suite
from tests.support.tools import missing, missing_reason

NODE = shutil.which("node")
NPM = shutil.which("npm")
KIT = ROOT / "kits" / "javascript"
needs_node = pytest.mark.skipif(
    NODE is None, reason=missing_reason("node", "not installed: the JS kit needs it")
)
needs_npm = pytest.mark.skipif(
    NODE is None or NPM is None,
    reason=missing_reason("npm", "node or npm is not installed: npm installs the package"),
)
# The TypeScript the type declarations are checked with (a compatible range).
TYPESCRIPT = "typescript@~5.9.3"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder whose scripts find the kit by its name, as in a project that installed it."""
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "seven-rocks-kit").symlink_to(KIT, target_is_directory=True)
    return tmp_path


def _node(code: str, cwd: Path, kind: str = "mjs") -> Any:
    """Run a node script (an ES module or a CommonJS one) in ``cwd``; the JSON it prints."""
    script = cwd / f"probe.{kind}"
    script.write_text(code, encoding="utf-8")
    done = subprocess.run(
        [NODE or "node", str(script)], capture_output=True, text=True, timeout=60, cwd=cwd
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _npm(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [NPM or "npm", *args, "--no-audit", "--no-fund", "--loglevel=error"],
        capture_output=True, text=True, timeout=300, cwd=cwd,
    )  # fmt: skip


def test_package_json_names_every_file_the_entry_points_load() -> None:
    package = json.loads((KIT / "package.json").read_text(encoding="utf-8"))
    assert package["name"] == "seven-rocks-kit" and package["version"]
    entry = package["exports"]["."]
    files = set(package["files"])
    for condition in ("import", "require"):
        for target in entry[condition].values():
            assert target.removeprefix("./") in files
    # Every module tsc builds from src/, with its declarations.
    sources = sorted(p.name.removesuffix(".mts") for p in (KIT / "src").glob("*.mts"))
    assert sources and {f"{n}.mjs" for n in sources} | {f"{n}.d.mts" for n in sources} <= files


@needs_npm
def test_npm_pack_ships_the_built_package_and_it_installs_offline(tmp_path: Path) -> None:
    # The tarball a release would publish: the built files, the typed source, the docs;
    # no node_modules, build configuration or tools.
    done = _npm("pack", "--json", "--pack-destination", str(tmp_path), cwd=KIT)
    assert done.returncode == 0, done.stderr
    [packed] = json.loads(done.stdout)
    shipped = {entry["path"] for entry in packed["files"]}
    package = json.loads((KIT / "package.json").read_text(encoding="utf-8"))
    expected = {"package.json", *(n for n in package["files"] if n != "src")}
    expected |= {f"src/{p.name}" for p in (KIT / "src").glob("*.mts")}
    assert shipped == expected
    assert packed["version"] == package["version"]
    # The tarball installs with no registry (the kit has no dependency) and serves.
    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text('{"name": "probe", "private": true}', encoding="utf-8")
    installed = _npm("install", "--offline", str(tmp_path / packed["filename"]), cwd=project)
    assert installed.returncode == 0, installed.stderr
    found = _node(_SAME_NAMES, project)
    assert found["esm"] == found["cjs"] and "Engine" in found["esm"]


_SAME_NAMES = """
const esm = await import("seven-rocks-kit");
const { createRequire } = await import("node:module");
const cjs = createRequire(import.meta.url)("seven-rocks-kit");
const names = (m) => Object.keys(m).filter((k) => k !== "default").sort();
console.log(JSON.stringify({ esm: names(esm), cjs: names(cjs) }));
"""


@needs_node
def test_the_esm_and_commonjs_entry_points_export_the_same_names(project: Path) -> None:
    found = _node(_SAME_NAMES, project)
    assert found["esm"] == found["cjs"]
    assert {"Engine", "replayTable", "replayLegal", "OpenPoint", "Counted", "NoMatch"} <= set(
        found["esm"]
    )


_OLD_OPEN_POINT = """
const { tile, EndPoint, OpenPoint, Side } = await import("seven-rocks-kit");
const point = new EndPoint(tile(2, 5), Side.HIGH).toOpenPoint();
console.log(JSON.stringify({ json: point, open: point instanceof OpenPoint, value: point.value }));
"""


@needs_node
def test_end_point_to_open_point_still_works_as_an_adapter_of_0_1_wrote_it(project: Path) -> None:
    # Kept, deprecated, for the 1.x releases: adapters written against 0.1.0 call it.
    found = _node(_OLD_OPEN_POINT, project)
    assert found == {"json": {"tile": [2, 5], "side": "high", "value": 5}, "open": True, "value": 5}


_BEHAVIOUR = """
const kit = require("seven-rocks-kit");
const { tile, Tile, Placement, EndPoint, OpenPoint, Counted, Rejected, NoMatch, at } = kit;
const out = {};
out.identity = [new Tile(1, 2) === tile(1, 2), new Set([tile(1, 2)]).has(new Tile(1, 2))];
out.frozen = [tile(1, 2), new Placement(tile(1, 2)), kit.PASS].map((v) => {
  try { Object.assign(v, { low: 5 }); return "assigned"; } catch (e) { return e.name; }
});
out.codes = ["BadRequest", "HandOver", "NotInHand", "NoSuchEnd", "BranchClosed", "NoMatch",
  "MustPlay", "WrongOpener", "UnfinishedHand", "GameOver"].map((name) => {
  const error = new kit[name]("message");
  return [error instanceof Rejected, error.code, kit[name].code, error.name, error.index];
});
try { at(3, () => { throw new NoMatch("no 4 on [1|1]"); }); }
catch (e) { out.at = [e.code, e.index]; }
out.json = kit.toJson({ open: [new OpenPoint(new EndPoint(tile(1, 1), kit.Side.LINEAR_B), 1)],
  counted: [new Counted(tile(4, 4), 8)], m: new Map([["k", tile(0, 6)]]) });
for (const bad of [new Set([1]), new Map([[tile(1, 1), 1]])]) {
  try { kit.toJson({ bad }); out.refused = "no"; } catch (e) { (out.refused ??= []).push(e.name); }
}
out.branch = [kit.Side.isBranch(kit.Side.BRANCH_A), kit.Side.isBranch("low")];
class Mine extends Error {}
const errors = new Map([[Mine, "must_play"]]);
const settle = () => { at(2, () => { throw new Mine("you hold [1|2]"); }); };
const engine = new kit.Engine({ name: "e", version: "1", commands: { settle }, errors });
out.mapped = engine.reply('{"cmd": "settle", "seq": 4, "hands": [[], [], [], []]}');
for (const options of [{ name: "", version: "1", commands: {} },
                       { name: "e", version: "1", commands: { tabel: () => ({}) } },
                       { name: "e", version: "1", commands: {}, errors: new Map([[Mine, "x"]]) }]) {
  try { new kit.Engine(options); } catch (e) { (out.engines ??= []).push(e.name); }
}
console.log(JSON.stringify(out));
"""


@needs_node
def test_values_rejections_errors_map_and_engine(project: Path) -> None:
    out = _node(_BEHAVIOUR, project, "cjs")
    assert out["identity"] == [True, True]
    assert out["frozen"] == ["TypeError"] * 3
    codes = [code for _, code, _, _, _ in out["codes"]]
    assert codes == [
        "bad_request", "hand_over", "not_in_hand", "no_such_end", "branch_closed",
        "no_match", "must_play", "wrong_opener", "unfinished_hand", "game_over",
    ]  # fmt: skip
    for is_rejected, code, static, name, index in out["codes"]:
        assert (is_rejected, static, index) == (True, code, None) and name != "Rejected"
    assert out["at"] == ["no_match", 3]
    assert out["json"] == {
        "open": [{"tile": [1, 1], "side": "linear_b", "value": 1}],
        "counted": [{"tile": [4, 4], "value": 8}],
        "m": {"k": [0, 6]},
    }
    assert out["refused"] == ["TypeError", "TypeError"]
    assert out["branch"] == [True, False]
    mapped = {"code": "must_play", "index": 2, "message": "you hold [1|2]"}
    assert out["mapped"]["rejected"] == mapped
    assert out["engines"] == ["TypeError", "RangeError", "RangeError"]


_REPLAY = """
import { Counted, EndPoint, Engine, NoMatch, OpenPoint, Placement, replayLegal, replayTable, tile }
  from "seven-rocks-kit";
// A board that reports made-up values: the reply must carry them as they are.
class Fake {
  constructor() { this.placed = []; }
  place(p) {
    if (p.tile === tile(6, 6)) throw new NoMatch("no 6 here");
    if (p.tile === tile(5, 5)) return undefined;
    this.placed.push(p);
    return 5 * this.placed.length;
  }
  openPoints() { return [new OpenPoint(new EndPoint(tile(0, 1), "high"), 3)]; }
  counted() { return [new Counted(tile(0, 1), 7)]; }
  endSum() { return 11; }
  spinner() { return this.placed.length ? this.placed[0].tile : null; }
  legal(hand) { return hand.map((t) => new Placement(t)); }
}
const engine = new Engine({ name: "e", version: "1",
  commands: { table: replayTable(() => new Fake()), legal: replayLegal(() => new Fake()) } });
const opening = { tile: [0, 0] };
const on = (t) => ({ tile: t, on: { tile: [0, 0], side: "linear_a" } });
const ask = (request) => engine.handle({ seq: 1, ...request });
console.log(JSON.stringify([
  ask({ cmd: "table", plays: [] }),
  ask({ cmd: "table", plays: [opening, on([0, 2])] }),
  ask({ cmd: "table", plays: [opening, on([0, 2]), on([6, 6])] }),
  ask({ cmd: "table", plays: [opening, on([5, 5])] }),
  ask({ cmd: "legal", plays: [opening], hand: [[1, 2]] }),
  ask({ cmd: "legal", plays: [opening, on([6, 6])], hand: [] }),
]));
"""


@needs_node
def test_the_replay_helper_builds_the_reply_from_what_the_board_reports(project: Path) -> None:
    empty, two, refused, no_credit, legal, legal_refused = _node(_REPLAY, project)
    assert empty["result"] == {
        "spinner": None, "open": [{"tile": [0, 1], "side": "high", "value": 3}],
        "counted": [{"tile": [0, 1], "value": 7}], "end_sum": 11, "credits": [], "credit": None,
    }  # fmt: skip
    assert two["result"]["spinner"] == [0, 0]
    assert (two["result"]["credits"], two["result"]["credit"]) == ([5, 10], 10)
    assert refused["rejected"]["code"] == "no_match" and refused["rejected"]["index"] == 2
    assert "not the placement's credit" in no_credit["errored"]["message"]
    assert legal["result"] == {"placements": [{"tile": [1, 2]}]}
    assert legal_refused["rejected"]["code"] == "no_match"
    assert legal_refused["rejected"]["index"] == 1


@pytest.fixture(scope="session")
def typescript(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with TypeScript installed from npm (skips when it cannot be)."""
    if NODE is None or NPM is None:
        missing("npm", "node or npm is not installed: TypeScript comes from npm")
    folder = tmp_path_factory.mktemp("typescript")
    done = _npm("install", TYPESCRIPT, cwd=folder)
    if done.returncode != 0:
        missing("npm", f"npm could not install {TYPESCRIPT}: {done.stderr.strip()[-300:]}")
    return folder / "node_modules" / ".bin" / "tsc"


_TS_ESM = """
import { Counted, Engine, EndPoint, NoMatch, OpenPoint, Placement, replayLegal, replayTable,
  tile, type LegalBoard, type Tile } from "seven-rocks-kit";
class MyError extends Error {}
class MyBoard implements LegalBoard {
  placed: Placement[] = [];
  place(p: Placement): number {
    if (p.on !== null && !p.tile.has(p.on.value)) throw new NoMatch(`${p.tile} on ${p.on}`);
    this.placed.push(p);
    return 0;
  }
  openPoints(): OpenPoint[] { return [new OpenPoint(new EndPoint(tile(1, 1), "linear_b"), 1)]; }
  counted(): Counted[] { return [new Counted(tile(1, 1), 2)]; }
  endSum(): number { return 2; }
  spinner(): Tile | null { return this.placed[0]?.tile ?? null; }
  legal(hand: Tile[]): Placement[] { return hand.map((t) => new Placement(t)); }
}
const settle = ({ hands }: { hands: Tile[][] }) => ({ pips: hands.map((h) => h.length) });
const engine = new Engine({
  name: "typed", version: "1",
  commands: {
    table: replayTable(() => new MyBoard()), legal: replayLegal(() => new MyBoard()), settle,
  },
  errors: new Map([[MyError, "no_match"]]),
});
const tiles: Set<Tile> = new Set([tile(1, 2)]);
console.log(tiles.has(tile(1, 2)), engine.handshake());
"""

_TS_CJS = """
import kit = require("seven-rocks-kit");
const first: kit.Tile = kit.tile(2, 3);
const engine = new kit.Engine({ name: "x", version: "1", commands: { settle: () => ({}) } });
console.log(first.pips, engine.reply("{}"), new kit.BranchClosed("m").code);
"""

_TS_WRONG = """
import { Engine, tile } from "seven-rocks-kit";
tile("1", 2);
new Engine({ name: "x", version: "1", commands: { tabel: () => ({}) } });
new Engine({ name: "x", version: "1", commands: {}, errors: new Map([[Error, "nope"]]) });
"""


def _tsc(tsc: Path, project: Path, files: list[str]) -> subprocess.CompletedProcess[str]:
    options = {"strict": True, "module": "node16", "moduleResolution": "node16",
               "target": "es2022", "noEmit": True, "types": []}  # fmt: skip
    config = project / "tsconfig.json"
    config.write_text(json.dumps({"compilerOptions": options, "files": files}), encoding="utf-8")
    return subprocess.run(
        [str(tsc), "-p", str(config)], capture_output=True, text=True, timeout=120, cwd=project
    )


@needs_npm
def test_npm_install_of_the_folder_then_tsc_strict_accepts_the_types(
    typescript: Path, tmp_path: Path
) -> None:
    done = _npm("install", str(KIT), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert _node(_SAME_NAMES, tmp_path)["esm"]  # importable by name from the project
    (tmp_path / "engine.mts").write_text(_TS_ESM, encoding="utf-8")
    (tmp_path / "engine.cts").write_text(_TS_CJS, encoding="utf-8")
    (tmp_path / "wrong.mts").write_text(_TS_WRONG, encoding="utf-8")
    # One compilation (tsc is slow to start): the engines type-check, the misuses do not.
    checked = _tsc(typescript, tmp_path, ["engine.mts", "engine.cts", "wrong.mts"])
    assert checked.returncode != 0 and checked.stderr == ""
    places = re.findall(r"^(\S+?)\(\d+,\d+\): error", checked.stdout, re.M)
    assert set(places) == {"wrong.mts"}, checked.stdout
    for problem in ("TS2345", "'tabel' does not exist", '"nope"'):  # the three misuses
        assert problem in checked.stdout, checked.stdout


def _node_test(*env: tuple[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [NODE or "node", "--test", str(KIT / "example")],
        capture_output=True, text=True, timeout=120, env={**os.environ, **dict(env)},
    )  # fmt: skip


@needs_node
def test_node_test_runs_the_suite_file_in_process_against_the_example(tmp_path: Path) -> None:
    done = _node_test()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    counts = dict(re.findall(r"^# (pass|fail|skipped) (\d+)$", done.stdout, re.M))
    assert counts["fail"] == "0" and int(counts["pass"]) >= 150, counts
    # The harness can fail: one expected credit changed, that case fails.
    failed = _node_test(("SEVEN_ROCKS_SUITE", str(corrupted_suite(tmp_path))))
    assert failed.returncode != 0
    assert re.findall(r"^not ok \d+ - (\S+)$", failed.stdout, re.M) == [CORRUPTED]
