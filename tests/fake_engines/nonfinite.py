"""Answers with numbers strict JSON cannot hold: NaN, Infinity, -Infinity, 1e309 (an
infinity once read)."""

from _base import serve

VALUES = ["NaN", "Infinity", "-Infinity", "1e309"]


def transform(n, request, reply):
    bad = VALUES[(n - 1) % len(VALUES)]
    seq = str(request.get("seq"))
    fields = f'"spinner": {bad}, "open": [{bad}], "counted": [], "end_sum": {bad}, '
    fields += f'"credits": [{bad}], "credit": {bad}, "nodes": {bad}, "divide": [], '
    fields += f'"pips": [{bad}], "penalties": [{bad}], "deductions": [{bad}]'
    return '{"seq": ' + seq + ', "result": {' + fields + "}}"


serve(transform)
