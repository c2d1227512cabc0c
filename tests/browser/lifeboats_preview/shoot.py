"""Screenshot the lifeboats preview scenarios into test-artifacts/lifeboats/ (tests/browser/preview.py).
    python shoot.py [table|phone] [en|fr] [WxH] [scenario ...]"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import lb_scenarios as scenarios  # noqa: E402
import preview  # noqa: E402

if __name__ == "__main__":
    preview.shoot("lifeboats", scenarios, HERE)
