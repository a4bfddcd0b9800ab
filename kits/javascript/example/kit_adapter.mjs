// A small Seven Rocks engine served with the JavaScript kit: `table`, `legal` and `settle`.
//
//   seven-rocks-conformance run --engine "node kits/javascript/example/kit_adapter.mjs"
//
// The kit checks the request form (every `bad_request`), runs the loop and the handshake;
// this file holds only rules. Cases of `hand`, `game` and `perft` are reported as skipped.

import { at, EndPoint, Placement, Rejected, serve } from "../seven-rocks-kit.mjs";

const LINEAR = ["linear_a", "linear_b"];
const BRANCHES = ["branch_a", "branch_b"];

class Table {
  constructor() {
    this.taken = new Map(); // tile -> Set of its sides already joined to another tile
    this.spinner = null;
  }

  sides(tile) {
    // Only the spinner has branches (spinner.first-double, double.crosswise).
    if (!tile.isDouble) return ["low", "high"];
    return tile === this.spinner ? [...LINEAR, ...BRANCHES] : LINEAR;
  }

  free(tile) {
    return this.sides(tile).filter((side) => !this.taken.get(tile).has(side));
  }

  linearFree(tile) {
    return LINEAR.some((side) => !this.taken.get(tile).has(side));
  }

  openPoints() {
    const points = [];
    for (const tile of this.taken.keys()) {
      for (const side of this.free(tile)) {
        // Branches open once both linear sides are taken (spinner.branches-after-linear).
        if (BRANCHES.includes(side) && this.linearFree(tile)) continue;
        points.push(new EndPoint(tile, side));
      }
    }
    return points;
  }

  counted() {
    const out = [];
    for (const tile of this.taken.keys()) {
      if (!tile.isDouble) {
        for (const side of this.free(tile)) out.push({ tile, value: new EndPoint(tile, side).value });
      } else if (this.linearFree(tile)) {
        out.push({ tile, value: tile.pips }); // a terminal double counts both halves, once
      }
    }
    return out;
  }

  place({ tile, on }) {
    if ((on === null) !== (this.taken.size === 0)) {
      throw new Rejected("no_such_end", `${tile}: "on" is required exactly when the table has tiles`);
    }
    if (on !== null) {
      if (!this.taken.has(on.tile) || !this.free(on.tile).includes(on.side)) {
        throw new Rejected("no_such_end", `${on} is not a free end point`);
      }
      if (on.isBranch && this.linearFree(on.tile)) {
        throw new Rejected("branch_closed", `${on}: a linear side of the spinner is still free`);
      }
      if (!tile.has(on.value)) throw new Rejected("no_match", `${tile} has no ${on.value} to match ${on}`);
      this.taken.get(on.tile).add(on.side);
    }
    let joined = [];
    if (on !== null) joined = [tile.isDouble ? "linear_a" : tile.low === on.value ? "low" : "high"];
    this.taken.set(tile, new Set(joined));
    if (tile.isDouble && this.spinner === null) this.spinner = tile;
  }

  endSum() {
    return this.counted().reduce((sum, c) => sum + c.value, 0);
  }
}

function build(plays, credits = null) {
  const table = new Table();
  plays.forEach((placement, index) => {
    at(index, () => table.place(placement));
    const total = table.endSum();
    credits?.push(total > 0 && total % 5 === 0 ? total : 0);
  });
  return table;
}

function table({ plays }) {
  const credits = [];
  const board = build(plays, credits);
  return {
    spinner: board.spinner,
    open: board.openPoints().map((point) => point.toOpenPoint()),
    counted: board.counted(),
    end_sum: board.endSum(),
    credits,
    credit: credits.length ? credits.at(-1) : null,
  };
}

function legal({ plays, hand }) {
  const board = build(plays);
  if (plays.length === 0) return { placements: hand.map((tile) => new Placement(tile)) };
  const points = board.openPoints();
  const fits = (tile) => points.filter((p) => tile.has(p.value)).map((p) => new Placement(tile, p));
  return { placements: hand.flatMap(fits) };
}

function settle({ hands }) {
  const pips = hands.map((held) => held.reduce((sum, tile) => sum + tile.pips, 0));
  const penalties = pips.map((p) => 5 * Math.floor((p + 2) / 5)); // 1-2 round down, 3-4 up
  return { pips, penalties, deductions: [penalties[0] + penalties[2], penalties[1] + penalties[3]] };
}

serve({ name: "kit-example-js", version: "1.0", commands: { table, legal, settle } });
