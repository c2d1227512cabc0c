"""Screenshot the lifeboat preview scenarios into test-artifacts/lifeboat/ (tests/browser/preview.py).
    python shoot.py [table|phone] [en|fr] [WxH] [scenario ...]"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import lbt_scenarios as scenarios  # noqa: E402
import preview  # noqa: E402

if __name__ == "__main__":
    preview.shoot("lifeboat", scenarios, HERE)
