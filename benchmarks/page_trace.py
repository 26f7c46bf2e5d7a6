#!/usr/bin/env python3
"""Where the slow frames of a far-out pan and zoom go (docs/performance.md, "The preview page at
scale"): the page alone with a generated picture (as `page_big.py --synthetic`), a Chromium
trace (CDP Tracing through Playwright) of the wheel pans and zooms from Fit, and a summary of
the slowest frames by thread and event.

A frame is the time from one animation frame callback of the page (`FireAnimationFrame` on the
renderer's main thread) to the next, during the wheel; for the slowest of them (by default the
slowest 10 %), each thread's top-level events (those not inside another of the same thread)
are summed by name, clipped to the frame. The page's own script is `FireAnimationFrame`;
Blink's work is `UpdateLayoutTree` (style), `Layout`, `Paint`, `PrePaint`, `Commit`,
`HitTest`; the compositor's and the raster workers' threads show the raster and the upload.

    python3 benchmarks/page_trace.py [--nodes 1000000] [--trace out.json] [--page-dir DIR]
                                     [--bin .build/release/bracket] [--slowest 0.1]

Prints the frames' intervals (p50 / p99 / max) and a table per thread. Needs chromium and
`pip install playwright`.
"""
import argparse
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "editors"))
import page_big  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.frame", "blink", "cc", "gpu", "viz", "v8",
              "toplevel", "disabled-by-default-v8.gc"]


def threads_of(events):
    names = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            names[(e["pid"], e["tid"])] = e["args"]["name"]
    return names


def top_level(events):
    """Per thread, its complete events that are not nested inside another of that thread's."""
    by_thread = {}
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            by_thread.setdefault((e["pid"], e["tid"]), []).append(e)
    out = {}
    for key, list_ in by_thread.items():
        list_.sort(key=lambda e: (e["ts"], -e["dur"]))
        tops, end = [], -1
        for e in list_:
            if e["ts"] >= end:
                tops.append(e)
                end = e["ts"] + e["dur"]
        out[key] = tops
    return out


def summarise(trace, slowest=0.1):
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    names = threads_of(events)
    main = [key for key, name in names.items() if name == "CrRendererMain"]
    frames = sorted(e["ts"] for e in events if e.get("name") == "FireAnimationFrame" and e.get("ph") == "X"
                    and (e["pid"], e["tid"]) in main)
    intervals = [(frames[k], frames[k + 1]) for k in range(len(frames) - 1)]
    if not intervals:
        return {"frames": 0}
    lengths = sorted(b - a for a, b in intervals)
    slow = sorted(intervals, key=lambda ab: ab[0] - ab[1])[:max(1, int(len(intervals) * slowest))]
    tops = top_level(events)
    # Inner events worth naming inside the main thread's tasks (the task itself says little).
    inner = {}
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            inner.setdefault((e["pid"], e["tid"]), []).append(e)
    table = {}
    total = sum(b - a for a, b in slow)
    for a, b in slow:
        for key, list_ in tops.items():
            thread = names.get(key, str(key[1]))
            for e in list_:
                s, t = max(a, e["ts"]), min(b, e["ts"] + e["dur"])
                if t > s:
                    table.setdefault(thread, {}).setdefault("[top] " + e["name"], 0)
                    table[thread]["[top] " + e["name"]] += t - s
        for key in main:
            for e in inner.get(key, []):
                if e["name"] in ("FireAnimationFrame", "UpdateLayoutTree", "Layout", "Paint", "PrePaint", "Commit",
                                 "HitTest", "UpdateLayer", "CompositeLayers", "MajorGC", "MinorGC", "V8.GC_SCAVENGER",
                                 "EventDispatch", "FunctionCall", "PaintImage", "Decode Image", "Layerize",
                                 "ScrollLayer", "ProxyMain::BeginMainFrame", "LocalFrameView::RunPostLifecycleSteps",
                                 "ThreadProxy::BeginMainFrame", "Canvas2DLayerBridge::PrepareTransferableResource",
                                 "CanvasResourceProvider::ProduceCanvasResource", "Canvas2DLayerBridge::FlushRecording",
                                 "CanvasRenderingContext2D::drawImage", "CanvasRenderingContext2D::putImageData",
                                 "GraphicsLayer::PaintContents", "cc::PictureLayerImpl::AppendQuads"):
                    s, t = max(a, e["ts"]), min(b, e["ts"] + e["dur"])
                    if t > s:
                        table.setdefault("CrRendererMain (inner)", {}).setdefault(e["name"], 0)
                        table["CrRendererMain (inner)"][e["name"]] += t - s
    pick = lambda p: lengths[min(len(lengths) - 1, int(round(p / 100 * (len(lengths) - 1))))] / 1000
    return {"frames": len(intervals), "interval_ms": [round(pick(50), 1), round(pick(99), 1), round(lengths[-1] / 1000, 1)],
            "slow_frames": len(slow), "slow_total_ms": round(total / 1000, 1),
            "by_thread": {thread: {name: round(us / 1000, 1) for name, us in sorted(rows.items(), key=lambda kv: -kv[1])
                                   if us >= 500}
                          for thread, rows in table.items()}}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=1000000)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--trace", default="/tmp/page-trace.json")
    parser.add_argument("--page-dir", default=None)
    parser.add_argument("--slowest", type=float, default=0.1)
    parser.add_argument("--summarise", default=None, help="only summarise this trace file")
    parser.add_argument("--profile", action="store_true",
                        help="a CPU profile of the page over the same wheel instead of a trace (its functions by self time)")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "bracket"))
    args = parser.parse_args()
    if args.summarise:
        with open(args.summarise) as f:
            print(json.dumps(summarise(json.load(f), args.slowest), indent=1))
        return
    from playwright.sync_api import sync_playwright
    from synthetic_preview import PAGE_DIR, PageServer, complete_tree_columns, payload, server_picture
    message = payload(complete_tree_columns(args.nodes), server_picture(args.bin))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        try:
            with PageServer(message, args.page_dir or PAGE_DIR) as server:
                page = browser.new_page(viewport={"width": 1000, "height": 700})
                page.goto(server.url)
                page_big.wait_painted(page, 1)
                page.wait_for_timeout(2000)  # idle-time warm-up and levels of detail
                page.click("#zoom-fit")
                page.mouse.move(500, 400)
                page.wait_for_timeout(300)
                start = len(page.evaluate("() => window.bracketPreview.painted().frames"))
                cdp = page.context.new_cdp_session(page)
                if args.profile:
                    cdp.send("Profiler.enable")
                    cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                    cdp.send("Profiler.start")
                else:
                    browser.start_tracing(page=page, path=args.trace, categories=CATEGORIES)
                for step in range(args.steps):
                    page.mouse.wheel(0, -120 if step < args.steps // 2 else 120)
                    page.keyboard.down("Control")
                    page.mouse.wheel(0, -240 if step < 2 * args.steps // 3 else 240)
                    page.keyboard.up("Control")
                    page.wait_for_timeout(20)
                page.wait_for_timeout(200)
                if args.profile:
                    profile = cdp.send("Profiler.stop")["profile"]
                    with open(args.trace, "w") as f:
                        json.dump(profile, f)
                    page_big.print_profiles([profile], "far-out pans and zooms", 30)
                else:
                    browser.stop_tracing()
                seen = page.evaluate("() => window.bracketPreview.painted()")
                frames, draws = seen["frames"][start:], seen["draws"][start:]
                print(json.dumps({"page_frames_ms": page_big.frame_figures(frames),
                                  "page_script_ms": page_big.frame_figures(draws),
                                  "work": seen["work"][start:][-3:]}))
                page.close()
        finally:
            browser.close()
    if args.profile:
        return
    with open(args.trace) as f:
        print(json.dumps(summarise(json.load(f), args.slowest), indent=1))


if __name__ == "__main__":
    main()
