// A small Seven Rocks engine written with the JavaScript kit: `table`, `legal` and `settle`.
//
// It holds only rules (spec/rules.md): the kit checks the request form (every
// `bad_request`), and its replay helper runs the plays through this file's Table and
// shapes the `table` and `legal` replies from what the Table reports.
// kit_adapter.mjs serves it; suite.test.mjs runs the suite's cases against it in-process.

import {
  Counted, Engine, EndPoint, NoMatch, NoSuchEnd, BranchClosed, OpenPoint, Placement,
  replayLegal, replayTable,
} from "seven-rocks-kit";

const LINEAR = ["linear_a", "linear_b"];
const BRANCHES = ["branch_a", "branch_b"];

/** The tiles on the table, the sides each has taken, and the spinner. */
export class Table {
  constructor() {
    this.taken = new Map(); // tile -> Set of its sides already joined to another tile
    this.first = null; // the first double placed (spinner.first-double)
  }

  sides(tile) {
    // Only the spinner has branches (spinner.first-double, double.crosswise).
    if (!tile.isDouble) return ["low", "high"];
    return tile === this.first ? [...LINEAR, ...BRANCHES] : LINEAR;
  }

  free(tile) {
    return this.sides(tile).filter((side) => !this.taken.get(tile).has(side));
  }

  linearFree(tile) {
    return LINEAR.some((side) => !this.taken.get(tile).has(side));
  }

  points() {
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

  openPoints() {
    return this.points().map((point) => new OpenPoint(point, point.value));
  }

  counted() {
    const out = [];
    for (const tile of this.taken.keys()) {
      if (!tile.isDouble) {
        for (const side of this.free(tile)) out.push(new Counted(tile, new EndPoint(tile, side).value));
      } else if (this.linearFree(tile)) {
        out.push(new Counted(tile, tile.pips)); // a terminal double counts both halves, once
      }
    }
    return out;
  }

  endSum() {
    return this.counted().reduce((sum, c) => sum + c.value, 0);
  }

  spinner() {
    return this.first;
  }

  /** Put a tile down and return its credit (scoring.multiple-of-five). */
  place({ tile, on }) {
    if ((on === null) !== (this.taken.size === 0)) {
      throw new NoSuchEnd(`${tile}: "on" is required exactly when the table has tiles`);
    }
    if (on !== null) {
      if (!this.taken.has(on.tile) || !this.free(on.tile).includes(on.side)) {
        throw new NoSuchEnd(`${on} is not a free end point`);
      }
      if (on.isBranch && this.linearFree(on.tile)) {
        throw new BranchClosed(`${on}: a linear side of the spinner is still free`);
      }
      if (!tile.has(on.value)) throw new NoMatch(`${tile} has no ${on.value} to match ${on}`);
      this.taken.get(on.tile).add(on.side);
    }
    let joined = [];
    if (on !== null) joined = [tile.isDouble ? "linear_a" : tile.low === on.value ? "low" : "high"];
    this.taken.set(tile, new Set(joined));
    if (tile.isDouble && this.first === null) this.first = tile;
    const total = this.endSum();
    return total > 0 && total % 5 === 0 ? total : 0;
  }

  /** Every (tile, attach point) that fits; on an empty table every tile opens. */
  legal(hand) {
    if (this.taken.size === 0) return hand.map((tile) => new Placement(tile));
    const points = this.points();
    return hand.flatMap((tile) => points.filter((p) => tile.has(p.value)).map((p) => new Placement(tile, p)));
  }
}

function settle({ hands }) {
  const pips = hands.map((held) => held.reduce((sum, tile) => sum + tile.pips, 0));
  const penalties = pips.map((p) => 5 * Math.floor((p + 2) / 5)); // 1-2 round down, 3-4 up
  return { pips, penalties, deductions: [penalties[0] + penalties[2], penalties[1] + penalties[3]] };
}

const newTable = () => new Table();

export const engine = new Engine({
  name: "kit-example-js",
  version: "1.0",
  commands: { table: replayTable(newTable), legal: replayLegal(newTable), settle },
});
