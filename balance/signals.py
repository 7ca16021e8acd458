"""SIGTERM and SIGHUP end a balance command as Ctrl-C does: an exception raised in the main
thread unwinds it, so the games being played stop (balance.runner), the temporary files are
removed (balance.files) and, in a sweep, the workers are stopped and the lock released."""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator

ENDING = (signal.SIGTERM, signal.SIGHUP)


@contextmanager
def ending_raises(exception: Callable[[int], BaseException]) -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise `exception(signum)` in the main thread; a
    second signal is ignored, so it cannot break the unwinding. Only the main thread can set
    handlers: run from another thread, the block keeps the defaults."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(signum: int, frame: Any) -> None:
        for s in ENDING:
            signal.signal(s, signal.SIG_IGN)
        raise exception(signum)

    previous = {s: signal.signal(s, end) for s in ENDING}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
