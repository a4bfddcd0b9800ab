"""A minimal Seven Rocks engine adapter: protocol 1 with only the `settle` command.

Run the suite against it with

    seven-rocks-conformance run --engine "python examples/minimal_adapter.py"

Cases of the five other commands are reported as skipped (the handshake does
not list them), and every `settle` case must pass.
"""

import json
import sys


def rounded(pips):
    # Nearest multiple of 5: remainders 1-2 round down, 3-4 round up.
    return 5 * ((pips + 2) // 5)


def settle(args):
    hands = args["hands"]
    pips = [sum(a + b for a, b in hand) for hand in hands]
    penalties = [rounded(p) for p in pips]
    return {
        "pips": pips,
        "penalties": penalties,
        "deductions": [penalties[0] + penalties[2], penalties[1] + penalties[3]],
    }


def well_formed(args):
    hands = args.get("hands")
    if set(args) != {"hands"} or not isinstance(hands, list) or len(hands) != 4:
        return False
    tiles = [tile for hand in hands if isinstance(hand, list) for tile in hand]
    if any(not isinstance(hand, list) or len(hand) > 7 for hand in hands):
        return False
    for tile in tiles:
        if not (isinstance(tile, list) and len(tile) == 2):
            return False
        if not all(type(half) is int for half in tile) or not 0 <= tile[0] <= tile[1] <= 6:
            return False
    return len({tuple(tile) for tile in tiles}) == len(tiles)


def reply(request):
    seq = request.get("seq")
    args = {k: v for k, v in request.items() if k not in ("cmd", "seq")}
    if request.get("cmd") != "settle" or not well_formed(args):
        message = "malformed or unsupported request"
        return {"seq": seq, "rejected": {"code": "bad_request", "index": None, "message": message}}
    return {"seq": seq, "result": settle(args)}


def main():
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if not isinstance(request, dict):
            answer = {
                "seq": None,
                "rejected": {"code": "bad_request", "index": None, "message": "not a JSON object"},
            }
        elif request.get("cmd") == "stop":
            return
        elif request.get("cmd") == "start" and request.get("protocol") != 1:
            print(json.dumps({"ready": False, "protocol": 1}), flush=True)
            return
        elif request.get("cmd") == "start":
            answer = {
                "ready": True,
                "protocol": 1,
                "cmds": ["settle"],
                "engine": {"name": "minimal", "version": "1", "language": "python"},
            }
        else:
            answer = reply(request)
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
