"""Lists every command and declines every request with 'skipped': nothing is compared."""

from _base import serve

serve(lambda n, request, reply: {"seq": request["seq"], "skipped": {"message": "not ready"}})
