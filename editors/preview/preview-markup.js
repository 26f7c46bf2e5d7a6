// Bracket preview page, the server's markup: the numbers, text and attributes of the SVG the
// server writes (BracketSVG: DecimalText's spelling, SVGBytes' escaping, BracketText's
// baselines), for the card elements the page builds and for the whole picture as a string
// (Save SVG, PNG, Copy image and printing), byte for byte the server's.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewMarkup.create(deps)` (deps: the store's readers, the results' and the
// level headers' and edge labels' markup, and `state`).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewMarkup = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var state = deps.state, num = deps.num, cardId = deps.cardId, cardLabel = deps.cardLabel,
      cardLines = deps.cardLines, entrantAttr = deps.entrantAttr, nameSuffix = deps.nameSuffix,
      resultOf = deps.resultOf, slotOf = deps.slotOf, seedOf = deps.seedOf, edgeLabelsMarkup = deps.edgeLabelsMarkup,
      roundsMarkup = deps.roundsMarkup, attributeClasses = deps.attributeClasses, notesMarkup = deps.notesMarkup;

    // DecimalText's spelling: at most two decimals, trailing zeros trimmed, "0" for non-finite.
    function numberText(value) {
      if (!isFinite(value)) return "0";
      var rounded = Math.round(Math.abs(value) * 100) / 100;
      if (rounded === 0) return "0";
      return (value < 0 ? "-" : "") + String(rounded);
    }

    // SVGBytes.text: the five XML specials escaped, forbidden characters replaced by U+FFFD.
    // eslint-disable-next-line no-control-regex
    var FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
    function escapeText(text) {
      return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(FORBIDDEN, "\uFFFD");
    }
    function cleanText(text) { return String(text).replace(FORBIDDEN, "\uFFFD"); }

    // Baselines of n lines around the card's centre, as BracketText's TextMeasurer places them,
    // from the metrics the server sends (`picture.text`).
    function baselines(store, n) {
      var m = store.metrics || {};
      var size = store.fontSize;
      // Per pixel of font size (`picture.text`); the usual ratios of the font when absent.
      var ascent = num(m.ascent, 0.928) * size, descent = num(m.descent, 0.236) * size;
      var lineHeight = num(m.lineHeight, 1.164) * size;
      var height = ascent + descent + (n - 1) * lineHeight;
      var result = [];
      for (var k = 0; k < n; k++) result.push(-height / 2 + ascent + k * lineHeight);
      return result;
    }

    // Whether label lines start at their card's left edge (`@label-align start`).
    function labelAlignsStart(store) {
      return !!(store.settings && store.settings.labelAlign === "start" && store.metrics &&
        typeof store.metrics.labelPadding === "number");
    }

    // What the card's <text> holds: with per-card lines (sized layouts) one <tspan> per line;
    // otherwise the label centred on one line, as the fixed-size SVG writes it.
    // (`origin`, for the page's own elements: see domOrigin.)
    function textSpec(store, i, origin) {
      var cx = store.cx[i] - (origin ? origin.x : 0), cy = store.cy[i] - (origin ? origin.y : 0);
      var lines = cardLines(store, i);
      if (lines) {
        var b = baselines(store, lines.length);
        // A card with a score slot centres its label in the room the slot leaves; with
        // `@label-align start` the lines start where that room starts (labelStartX in BracketLayout).
        // In a diagram with seeds every card keeps the seed column's room: the server says
        // where its label goes (its seed column's labelX, labelStartX).
        var slot = slotOf(store, i), seed = seedOf(store, i), start = labelAlignsStart(store);
        var x = seed ? seed.labelX : slot ? slot.labelX : store.cx[i];
        if (start && seed) {
          x = seed.labelStartX;
        } else if (start) {
          var pad = store.metrics.labelPadding, half = store.w[i] / 2;
          x = slot && slot.start ? 2 * slot.labelX - (store.cx[i] + half) + pad : store.cx[i] - half + pad;
        }
        var lx = numberText(x - (origin ? origin.x : 0));
        return { attrs: [["font-size", numberText(store.fontSize)], ["text-anchor", start ? "start" : "middle"]],
          spans: lines.map(function (line, k) { return { x: lx, y: numberText(cy + b[k]), text: line }; }) };
      }
      return { attrs: [["x", numberText(cx)], ["y", numberText(cy)], ["font-size", numberText(store.fontSize)],
        ["text-anchor", "middle"], ["dominant-baseline", "central"]], text: cardLabel(store, i), spans: null };
    }

    // The score slot's <text class="bracket-score">: one line at the edge facing the parent,
    // with the baseline of a one-line label.
    function scoreAttrs(store, i, slot, origin) {
      var X = origin ? origin.x : 0, Y = origin ? origin.y : 0;
      if (slot.parts) return [["class", "bracket-score bracket-parts"], ["font-size", numberText(store.fontSize)], ["text-anchor", "start"]];
      return [["class", "bracket-score"], ["font-size", numberText(store.fontSize)], ["text-anchor", slot.start ? "start" : "end"],
        ["x", numberText(slot.x - X)], ["y", numberText(store.cy[i] - Y + baselines(store, 1)[0])]];
    }

    // The seed column's <text class="bracket-seed"> ([5], (WC)): one line at the card's edge
    // away from its parent, with the baseline of a one-line label, as the server placed it.
    function seedAttrs(store, i, seed, origin) {
      var X = origin ? origin.x : 0, Y = origin ? origin.y : 0;
      return [["class", "bracket-seed"], ["font-size", numberText(store.fontSize)], ["text-anchor", seed.start ? "start" : "end"],
        ["x", numberText(seed.x - X)], ["y", numberText(store.cy[i] - Y + baselines(store, 1)[0])]];
    }

    // A slot in parts: one <tspan> per part where the server placed it ({ x, y, size (or null),
    // text }), as BracketSVG writes them.
    function scoreSpans(store, i, slot, origin) {
      var X = origin ? origin.x : 0, Y = origin ? origin.y : 0;
      return slot.parts.map(function (p) {
        return { x: numberText(slot.x + p.dx - X), y: numberText(store.cy[i] + p.dy - Y), size: p.size === null ? null : numberText(p.size), text: p.text };
      });
    }

    var RESULT_CLASSES = ["bracket-winner", "bracket-loser", "bracket-pending", "bracket-bye"];

    function rectAttrs(store, i, origin) {
      var x = store.cx[i] - (origin ? origin.x : 0), y = store.cy[i] - (origin ? origin.y : 0);
      return [["x", numberText(x - store.w[i] / 2)], ["y", numberText(y - store.h[i] / 2)],
        ["width", numberText(store.w[i])], ["height", numberText(store.h[i])], ["rx", "6"]];
    }

    function pointsText(store, e, origin) {
      var p = store.pts, o = 8 * e, X = origin ? origin.x : 0, Y = origin ? origin.y : 0;
      return numberText(p[o] - X) + "," + numberText(p[o + 1] - Y) + " " + numberText(p[o + 2] - X) + "," + numberText(p[o + 3] - Y) + " " +
        numberText(p[o + 4] - X) + "," + numberText(p[o + 5] - Y) + " " + numberText(p[o + 6] - X) + "," + numberText(p[o + 7] - Y);
    }

    function cardMarkup(store, i) {
      var name = escapeText(cardLabel(store, i) + nameSuffix(store, i));
      var result = resultOf(store, i), entrant = entrantAttr(store, i), slot = slotOf(store, i);
      var out = '<g class="bracket-card' + (result ? " bracket-" + result : "") + escapeText(attributeClasses(store, i)) + '" data-node-id="' + escapeText(cardId(store, i)) +
        (entrant !== null ? '" data-entrant="' + escapeText(entrant) : "") + '" role="listitem" aria-label="' +
        name + '" tabindex="0"><title>' + name + "</title><rect";
      rectAttrs(store, i).forEach(function (a) { out += " " + a[0] + '="' + a[1] + '"'; });
      out += "/><text";
      var t = textSpec(store, i);
      t.attrs.forEach(function (a) { out += " " + a[0] + '="' + a[1] + '"'; });
      out += ">";
      if (t.spans) t.spans.forEach(function (s) { out += '<tspan x="' + s.x + '" y="' + s.y + '">' + escapeText(s.text) + "</tspan>"; });
      else out += escapeText(t.text);
      out += "</text>";
      var seed = seedOf(store, i);
      if (seed && seed.text !== "") {
        out += "<text";
        seedAttrs(store, i, seed).forEach(function (a) { out += " " + a[0] + '="' + a[1] + '"'; });
        out += ">" + escapeText(seed.text) + "</text>";
      }
      if (slot) {
        out += "<text";
        scoreAttrs(store, i, slot).forEach(function (a) { out += " " + a[0] + '="' + a[1] + '"'; });
        out += ">";
        if (slot.parts) {
          scoreSpans(store, i, slot).forEach(function (p) {
            out += '<tspan x="' + p.x + '" y="' + p.y + (p.size !== null ? '" font-size="' + p.size : "") + '">' + escapeText(p.text) + "</tspan>";
          });
        } else {
          out += escapeText(slot.text);
        }
        out += "</text>";
      }
      return out + "</g>";
    }

    function titleMarkup(store) {
      var title = store.title;
      if (!title || !Array.isArray(title.lines)) return "";
      var size = num(title.fontSize, 13);
      var saved = store.fontSize;
      store.fontSize = size;
      var b = baselines(store, title.lines.length);
      store.fontSize = saved;
      var out = '<text class="bracket-heading" aria-hidden="true" font-size="' + numberText(size) + '" text-anchor="middle">';
      title.lines.forEach(function (line, k) {
        out += '<tspan x="' + numberText(num(title.x, 0)) + '" y="' + numberText(num(title.y, 0) + b[k]) + '">' + escapeText(line) + "</tspan>";
      });
      return out + "</text>\n";
    }

    // The whole picture as the server writes it (BracketSVG's renderSVG), for Save SVG, PNG, Copy
    // image and printing.
    function pictureMarkup() {
      var s = state.store, p = state.picture;
      if (!s || !state.hasPicture || !p) return null;
      var w = numberText(p.svgWidth), h = numberText(p.svgHeight), m = numberText(s.margin);
      var parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + w + " " + h + '" width="' + w + '" height="' + h +
        '" role="img" aria-labelledby="bracket-title bracket-desc">\n<title id="bracket-title">' + escapeText(p.title) +
        "</title>\n" + p.descMarkup + "\n<style>" + p.style + "</style>\n" +
        '<rect class="bracket-background" width="100%" height="100%"/>\n<g transform="translate(' + m + " " + m + ')">\n' +
        titleMarkup(s) + roundsMarkup(s) + '<g class="bracket-connectors" aria-hidden="true">\n'];
      for (var e = 0; e < s.m; e++) parts.push('<polyline class="bracket-connector" fill="none" points="' + pointsText(s, e) + '"/>\n');
      parts.push("</g>\n" + edgeLabelsMarkup(s) + notesMarkup(s) + '<g role="list" aria-label="Cards">\n');
      for (var i = 0; i < s.n; i++) parts.push(cardMarkup(s, i) + "\n");
      parts.push("</g>\n</g>\n</svg>\n");
      return parts.join("");
    }

    return {
      numberText: numberText,
      escapeText: escapeText,
      cleanText: cleanText,
      baselines: baselines,
      textSpec: textSpec,
      scoreAttrs: scoreAttrs,
      scoreSpans: scoreSpans,
      seedAttrs: seedAttrs,
      RESULT_CLASSES: RESULT_CLASSES,
      rectAttrs: rectAttrs,
      pointsText: pointsText,
      cardMarkup: cardMarkup,
      pictureMarkup: pictureMarkup,
    };
  }

  return { create: create };
});
