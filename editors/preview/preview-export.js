// Bracket preview page, export: Save SVG (the server's SVG byte for byte), Save PNG (twice the
// picture's size, within the canvas limits), Copy image (a PNG on the clipboard) and printing
// (the whole picture as an image), and the toolbar's notice that says what happened. In VS Code
// the file goes to the host (`{ type: "export" }`), which saves it.
// Loaded before preview.js; this file only offers `window.bracketPreviewExport.create(deps)`
// (deps: the picture's markup and size, the host's `post` and `vscode`).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewExport = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, pictureSize = deps.pictureSize, percent = deps.percent,
      pictureMarkup = deps.pictureMarkup, vscode = deps.vscode, post = deps.post;

    var PNG_SCALE = 2;
    var MAX_CANVAS_SIDE = 16384;
    var MAX_CANVAS_AREA = 16384 * 16384 / 2;
    var noticeBadge = document.getElementById("notice");
    var noticeTimer = null;

    function notify(text) {
      noticeBadge.textContent = text;
      noticeBadge.hidden = false;
      if (noticeTimer) clearTimeout(noticeTimer);
      noticeTimer = setTimeout(function () { noticeBadge.hidden = true; noticeTimer = null; }, 6000);
    }

    function baseName() {
      var uri = typeof state.uri === "string" ? state.uri : "";
      var name = uri.split(/[\\/]/).pop() || "";
      try { name = decodeURIComponent(name); } catch (e) { /* keep it encoded */ }
      name = name.replace(/\.bracket$/i, "");
      return name || "diagram";
    }

    function pngScale() {
      var size = pictureSize();
      return Math.min(PNG_SCALE, MAX_CANVAS_SIDE / size.w, MAX_CANVAS_SIDE / size.h, Math.sqrt(MAX_CANVAS_AREA / (size.w * size.h)));
    }

    function pngBlob(markup) {
      return new Promise(function (resolve, reject) {
        var scale = pngScale(), size = pictureSize();
        var image = new Image();
        image.onload = function () {
          var canvas = document.createElement("canvas");
          canvas.width = Math.max(1, Math.round(size.w * scale));
          canvas.height = Math.max(1, Math.round(size.h * scale));
          var context = canvas.getContext("2d");
          if (!context) { reject(new Error("no 2D canvas")); return; }
          context.drawImage(image, 0, 0, canvas.width, canvas.height);
          canvas.toBlob(function (blob) {
            if (blob) resolve(blob); else reject(new Error("the picture is too large for a PNG"));
          }, "image/png");
        };
        image.onerror = function () { reject(new Error("the picture could not be drawn")); };
        image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(markup);
      });
    }

    function scaleNote() {
      var scale = pngScale();
      return scale < PNG_SCALE ? " at " + percent(scale).replace(" %", "") + " % (the canvas size limit)" : "";
    }

    function download(blob, name) {
      var link = document.createElement("a");
      var url = URL.createObjectURL(blob);
      link.href = url;
      link.download = name;
      link.hidden = true;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
    }

    function blobBase64(blob) {
      return new Promise(function (resolve, reject) {
        var reader = new FileReader();
        reader.onload = function () { resolve(String(reader.result).replace(/^data:[^,]*,/, "")); };
        reader.onerror = function () { reject(reader.error); };
        reader.readAsDataURL(blob);
      });
    }

    function saveSvg() {
      var markup = pictureMarkup();
      if (markup === null) { notify("Nothing to save yet."); return; }
      if (vscode) { post({ type: "export", format: "svg", name: baseName() + ".svg", data: markup }); return; }
      download(new Blob([markup], { type: "image/svg+xml" }), baseName() + ".svg");
      notify("Saved " + baseName() + ".svg");
    }

    function savePng() {
      var markup = pictureMarkup();
      if (markup === null) { notify("Nothing to save yet."); return; }
      var note = scaleNote();
      pngBlob(markup).then(function (blob) {
        if (vscode) {
          return blobBase64(blob).then(function (data) {
            post({ type: "export", format: "png", name: baseName() + ".png", data: data });
          });
        }
        download(blob, baseName() + ".png");
        notify("Saved " + baseName() + ".png" + note);
      }).catch(function (error) { notify("Could not make the PNG: " + error.message); });
    }

    function copyImage() {
      var markup = pictureMarkup();
      if (markup === null) { notify("Nothing to copy yet."); return; }
      if (!navigator.clipboard || typeof navigator.clipboard.write !== "function" || typeof ClipboardItem !== "function") {
        notify("Copying images is not allowed here: use Save PNG.");
        return;
      }
      var note = scaleNote();
      navigator.clipboard.write([new ClipboardItem({ "image/png": pngBlob(markup) })]).then(function () {
        notify("Copied the diagram as an image" + note);
      }, function (error) {
        notify("Copying images is not allowed here (" + (error && error.name || "refused") + "): use Save PNG.");
      });
    }

    document.getElementById("save-svg").addEventListener("click", saveSvg);
    document.getElementById("save-png").addEventListener("click", savePng);
    document.getElementById("copy-image").addEventListener("click", copyImage);

    // Printing: the whole picture (not only the cards in view), as an image of the server's SVG.
    var printImage = document.getElementById("print-picture");
    function preparePrint() {
      var markup = pictureMarkup();
      printImage.src = markup ? "data:image/svg+xml;charset=utf-8," + encodeURIComponent(markup) : "";
    }
    window.addEventListener("beforeprint", preparePrint);
    if (window.matchMedia) {
      var printQuery = window.matchMedia("print");
      var onPrint = function (event) { if (event.matches) preparePrint(); };
      if (printQuery.addEventListener) printQuery.addEventListener("change", onPrint);
    }

    return {
      notify: notify,
      preparePrint: preparePrint,
    };
  }

  return { create: create };
});
