"""Waiting for something to become true, with a deadline instead of a fixed sleep."""
import time


def wait_until(condition, timeout=10.0, what="the condition", every=0.005):
    """Poll `condition` every `every` seconds until it returns something truthy (which is
    returned); fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(every)
