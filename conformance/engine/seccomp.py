"""The sandbox's seccomp filter: no Unix socket can be made, so none can be connected to.

A read-only bind does not stop ``connect()`` on a socket file, and the folders an
engine is shown may hold one; refusing ``socket(AF_UNIX, ...)`` (``EACCES``) closes that
by construction. ``socketpair`` stays allowed (a pair between the engine's own
processes). ``io_uring_setup`` is refused too, since io_uring makes sockets without the
``socket`` system call. The program is classic BPF for bubblewrap's ``--seccomp FD``,
for x86-64 (with its i386 and x32 system calls) and AArch64; `program` is None on any
other machine, where the sandbox runs without it.
"""

from __future__ import annotations

import platform
import struct

__all__ = ["program"]

_LOAD = 0x20  # BPF_LD | BPF_W | BPF_ABS
_JUMP_IF_EQUAL = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_RETURN = 0x06  # BPF_RET | BPF_K
_ALLOW = 0x7FFF0000
_REFUSE = 0x00050000 | 13  # SECCOMP_RET_ERRNO | EACCES
_NR, _ARCH, _ARG0 = 0, 4, 16  # offsets in struct seccomp_data (little-endian)
_AF_UNIX = 1
_X32 = 0x40000000
_IO_URING_SETUP = 425  # the same number on every architecture here

# For each architecture (AUDIT_ARCH_*): the socket system calls whose first argument is
# the family, and those refused outright (i386's socketcall hides its arguments).
_Calls = dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
_ARCHITECTURES: dict[str, _Calls] = {
    "x86_64": {
        0xC000003E: ((41, _X32 | 41), (_IO_URING_SETUP, _X32 | _IO_URING_SETUP)),
        0x40000003: ((359,), (_IO_URING_SETUP, 102)),
    },
    "aarch64": {0xC00000B7: ((198,), (_IO_URING_SETUP,))},
}


def _assemble(arches: _Calls) -> bytes:
    # Instructions as (code, k, jump-if-true label, jump-if-false label); labels resolved
    # to forward offsets at the end. "next" falls through.
    code: list[tuple[int, int, str, str]] = [(_LOAD, _ARCH, "", "")]
    for number, arch in enumerate(arches):
        code.append((_JUMP_IF_EQUAL, arch, f"arch{number}", "next"))
    code.append((_RETURN, _ALLOW, "", ""))
    labels: dict[str, int] = {}
    for number, (family_calls, refused) in enumerate(arches.values()):
        labels[f"arch{number}"] = len(code)
        code.append((_LOAD, _NR, "", ""))
        code += [(_JUMP_IF_EQUAL, nr, "refuse", "next") for nr in refused]
        code += [(_JUMP_IF_EQUAL, nr, "family", "next") for nr in family_calls]
        code.append((_RETURN, _ALLOW, "", ""))
    labels["family"] = len(code)
    code += [(_LOAD, _ARG0, "", ""), (_JUMP_IF_EQUAL, _AF_UNIX, "refuse", "allow")]
    labels["allow"] = len(code)
    code.append((_RETURN, _ALLOW, "", ""))
    labels["refuse"] = len(code)
    code.append((_RETURN, _REFUSE, "", ""))
    out = b""
    for index, (op, k, if_true, if_false) in enumerate(code):
        jumps = [labels[t] - index - 1 if t not in ("", "next") else 0 for t in (if_true, if_false)]
        out += struct.pack("<HBBI", op, *jumps, k)
    return out


def program() -> bytes | None:
    """The filter for this machine's architecture, or None: not one known here."""
    arches = _ARCHITECTURES.get(platform.machine())
    return _assemble(arches) if arches is not None else None
