// Bracket preview page, the idle-time tasks: the queue of tasks that wait for the first frame
// after a store change and then for idle time, the slices the builds are cut into (their clock
// and budget), and the tests' holds on both; shared by the spatial index and the levels of
// detail, which are each a file.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewIdle.create(deps)` (deps: the paint channel, the frame's draw request).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewIdle = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var paintChannel = deps.paintChannel, requestDraw = deps.requestDraw;

    // Builds are cut into idle slices of about BUILD_SLICE_MS each (an idle callback of its own).
    // Tests pause the slices (`bracketPreviewTest.pauseBuilds`, then bracketPreview.resumeBuilds())
    // to look at the frames drawn while the builds are not done.
    // The clock idle slices stop by: tests give one of their own (`bracketPreviewTest.sliceClock`,
    // ms) to count a slice's steps against the budget without reading the time; idSlices: the
    // cards of each slice of the ID index's build (bracketPreview.slices()).
    var sliceClock = window.bracketPreviewTest && typeof window.bracketPreviewTest.sliceClock === "function"
      ? window.bracketPreviewTest.sliceClock : function () { return performance.now(); };
    var idSlices = [];
    var BUILD_SLICE_MS = 4, pausedBuilds = window.bracketPreviewTest && window.bracketPreviewTest.pauseBuilds ? [] : null;
    function buildSlice(task) {
      if (pausedBuilds) pausedBuilds.push(task); else deferredTask(task);
    }

    // Tasks for idle time once the frame after the store change is on screen (the paint message
    // says so), so that none of them runs before that frame.
    // Tests hold them (`bracketPreviewTest.holdDeferred` before the page loads, then
    // bracketPreview.releaseDeferred()) to use the page before any has run.
    var firstFrameTasks = [], framesDrawn = 0, idleTasks = 0;
    var holdDeferred = !!(window.bracketPreviewTest && window.bracketPreviewTest.holdDeferred);
    function afterFirstFrame(task) {
      firstFrameTasks.push({ task: task, after: framesDrawn });
      if (!paintChannel) runFirstFrameTasks(Infinity); else requestDraw();
    }
    function runFirstFrameTasks(frame) {
      if (holdDeferred) return;
      var later = [];
      firstFrameTasks.forEach(function (entry) {
        if (frame <= entry.after) { later.push(entry); return; }
        deferredTask(entry.task);
      });
      firstFrameTasks = later;
    }
    function deferredTask(task) {
      idleTasks++;
      whenIdle(function () { idleTasks--; task(); });
    }

    // What the page reads and sets of the tasks' state (requestDraw counts a frame drawn, the
    // paint message runs the tasks waiting for it, bracketPreview reports and releases them).
    function frameDrawn() { return ++framesDrawn; }
    function firstFrameWaiting() { return firstFrameTasks.length > 0; }
    function pendingTasks() { return firstFrameTasks.length + idleTasks; }
    function holdingDeferred() { return holdDeferred; }
    function releaseDeferred() { holdDeferred = false; runFirstFrameTasks(Infinity); }
    function resumeBuilds() { var paused = pausedBuilds || []; pausedBuilds = null; paused.forEach(deferredTask); }
    function buildsPaused() { return pausedBuilds !== null; }

    function whenIdle(task) {
      if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 2000 });
      else setTimeout(task, 200);
    }

    return {
      BUILD_SLICE_MS: BUILD_SLICE_MS, afterFirstFrame: afterFirstFrame, buildSlice: buildSlice,
      buildsPaused: buildsPaused, deferredTask: deferredTask, firstFrameWaiting: firstFrameWaiting,
      frameDrawn: frameDrawn, holdingDeferred: holdingDeferred, idSlices: idSlices,
      pendingTasks: pendingTasks, releaseDeferred: releaseDeferred, resumeBuilds: resumeBuilds,
      runFirstFrameTasks: runFirstFrameTasks, sliceClock: sliceClock, whenIdle: whenIdle,
    };
  }

  return { create: create };
});
