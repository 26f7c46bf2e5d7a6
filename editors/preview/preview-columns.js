// Bracket preview page, the store's numeric columns: a payload's numbers as typed arrays (JSON
// lists, base64 sections, or the sections of a binary body read in place), positions and sizes
// kept as Float32 where every value is exactly a float, and the splice of a typed-array column
// (in place where it has room) with the count of columns a delta had to grow or widen
// (`columnWork`), and the kernels a structural delta's loops over the cards past its change
// run, warmed in idle time; and the payload's attribute columns (`attributes`), which the page
// reads, splices and draws from their description alone.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewColumns.create(deps)` (deps: the transport's parseJSON, for a binary
// body's head).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewColumns = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var parseJSON = deps.parseJSON;

    function num(value, fallback) {
      return typeof value === "number" && isFinite(value) ? value : fallback;
    }

    // Positions and sizes are written as Float64 and kept as Float32 where every value is
    // exactly a float (sizes, and positions up to 2^24 on the usual grids): half the bytes, the
    // same numbers, so Save SVG still writes the server's bytes.
    function exactFloats(values) {
      if (values instanceof Float32Array) return values;
      for (var i = 0; i < values.length; i++) { var v = values[i]; if (Math.fround(v) !== v) return values; }
      return new Float32Array(values);
    }

    // A numeric column's first `length` values as a float column of the store: a typed array of
    // floats as it is (a binary body's f32 or f64 section), integers converted natively, as Float32
    // when every value is exactly a float, else Float64 (exactFloats' rule). With `missing` (sizes)
    // a value that is not a finite number, or not there, becomes it; without, a list's values are
    // converted as typed arrays convert them.
    function floatColumn(values, length, missing) {
      var part = values.length <= length ? values : ArrayBuffer.isView(values) ? values.subarray(0, length) : values.slice(0, length);
      var out;
      if (part.length === length && (part instanceof Float32Array || part instanceof Float64Array)) out = part;
      else if (part.length === length && part instanceof Int32Array) out = intFloats(part);
      else {
        out = new Float64Array(length);
        if (missing !== null) out.fill(missing);
        if (missing !== null && !ArrayBuffer.isView(part)) for (var k = 0; k < part.length; k++) out[k] = num(part[k], missing);
        else out.set(part);
      }
      if (missing !== null) for (var i = 0; i < length; i++) if (!isFinite(out[i])) out[i] = missing;
      return exactFloats(out);
    }
    // 32-bit integers as floats: Float32 when every one is exactly a float, else Float64.
    function intFloats(values) {
      var floats = new Float32Array(values);
      for (var i = 0; i < values.length; i++) if (floats[i] !== values[i]) return new Float64Array(values);
      return floats;
    }
    function intColumn(values, length) {
      var part = values.length === length ? values : ArrayBuffer.isView(values) ? values.subarray(0, length) : values.slice(0, length);
      if (part instanceof Int32Array) return part;
      var out = new Int32Array(length);
      out.set(part);
      return out;
    }

    // A full payload's binary body (docs/protocol.md, "The payload as a binary body"): the
    // sections, then the head (the payload's JSON, each column naming its section), then the
    // head's length and `BKC1`. Each numeric column becomes a typed array over the body (a copy
    // where it is not aligned), the IDs and labels each one string from one TextDecoder pass with
    // the server's UTF-16 end offsets: nothing is parsed or made per card. Null when the body is
    // not one.
    function payloadOfBody(buffer) {
      var bytes = new Uint8Array(buffer), size = bytes.length;
      if (size < 8 || bytes[size - 4] !== 66 || bytes[size - 3] !== 75 || bytes[size - 2] !== 67 || bytes[size - 1] !== 49) return null;
      var headLength = new DataView(buffer).getUint32(size - 8, true), headStart = size - 8 - headLength;
      if (headStart < 0) return null;
      var decoder = new TextDecoder();
      var payload = parseJSON(decoder.decode(bytes.subarray(headStart, size - 8)));
      if (!payload || typeof payload !== "object") return null;
      var c = payload.columns;
      if (!c || typeof c !== "object") return payload;
      var ok = true;
      function section(pair, width) {
        if (!Array.isArray(pair) || pair.length !== 2) return null;
        var at = pair[0], length = pair[1];
        if (!(at >= 0 && length >= 0 && Math.floor(at) === at && Math.floor(length) === length && at + length * width <= headStart)) return null;
        return { at: at, length: length };
      }
      function numbers(value) {
        if (!value || typeof value !== "object" || Array.isArray(value)) return value;
        var kind = Array.isArray(value.i32) ? "i32" : Array.isArray(value.f32) ? "f32" : Array.isArray(value.f64) ? "f64" : null;
        if (!kind) return value;
        var Kind = kind === "i32" ? Int32Array : kind === "f32" ? Float32Array : Float64Array;
        var where = section(value[kind], Kind.BYTES_PER_ELEMENT);
        if (!where) { ok = false; return []; }
        var out = littleEndian && where.at % Kind.BYTES_PER_ELEMENT === 0 ? new Kind(buffer, where.at, where.length) : readTyped(Kind, bytes, where);
        return scaledColumn(out, kind === "i32" ? value.shift : 0);
      }
      function text(value) {
        var where = value && typeof value === "object" ? section(value.utf8, 1) : null;
        var endsAt = value && typeof value === "object" ? section(value.ends, 4) : null;
        if (!where || !endsAt) { ok = false; return []; }
        var joined = decoder.decode(bytes.subarray(where.at, where.at + where.length));
        var ends = readTyped(Uint32Array, bytes, endsAt);
        for (var i = 0, before = 0; i < ends.length; i++) { if (ends[i] < before) { ok = false; return []; } before = ends[i]; }
        if (ends.length > 0 && ends[ends.length - 1] !== joined.length) { ok = false; return []; }
        return { text: joined, ends: ends };
      }
      for (var key in c) {
        if (!Object.prototype.hasOwnProperty.call(c, key)) continue;
        if (key === "ids" || key === "labels") c[key] = text(c[key]);
        else c[key] = numbers(c[key]);
      }
      return ok ? payload : null;
    }

    // The values of a section as a typed array of their own (the body is then free to go).
    function readTyped(Kind, bytes, where) {
      var size = Kind.BYTES_PER_ELEMENT;
      if (littleEndian) return new Kind(bytes.slice(where.at, where.at + where.length * size).buffer);
      var out = new Kind(where.length), view = new DataView(bytes.buffer, bytes.byteOffset + where.at, where.length * size);
      for (var k = 0; k < where.length; k++) out[k] = size === 8 ? view.getFloat64(k * 8, true) : Kind === Float32Array ? view.getFloat32(k * 4, true) : Kind === Int32Array ? view.getInt32(k * 4, true) : view.getUint32(k * 4, true);
      return out;
    }

    // `shift: k` beside `i32`: each integer is the value times 2^k.
    function scaledColumn(out, shift) {
      if (!(typeof shift === "number" && shift > 0 && shift <= 30)) return out;
      var length = out.length, scaled = new Float64Array(length), unit = Math.pow(2, -shift);
      for (var q = 0; q < length; q++) scaled[q] = out[q] * unit;
      return scaled;
    }

    // A numeric column: a JSON array, or its values in binary, `{ i32 | f32 | f64: base64 }` (the
    // little-endian values; docs/protocol.md), decoded natively into a typed array of that kind:
    // about four times faster than JSON.parse of the numbers, and nothing per number on the heap.
    // `shift: k` beside `i32`: each integer is the value times 2^k. Anything else is `missing`
    // (an empty list unless given).
    var littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
    function numberColumn(value, missing) {
      if (Array.isArray(value) || ArrayBuffer.isView(value)) return value;
      if (missing === undefined) missing = [];
      if (!value || typeof value !== "object") return missing;
      var kind = typeof value.i32 === "string" ? "i32" : typeof value.f32 === "string" ? "f32" : typeof value.f64 === "string" ? "f64" : null;
      if (!kind) return missing;
      var bytes;
      try {
        if (typeof Uint8Array.fromBase64 === "function") bytes = Uint8Array.fromBase64(value[kind]);
        else {
          var binary = atob(value[kind]);
          bytes = new Uint8Array(binary.length);
          for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        }
      } catch (e) { return missing; }
      var size = kind === "f64" ? 8 : 4, length = Math.floor(bytes.length / size);
      var Kind = kind === "i32" ? Int32Array : kind === "f32" ? Float32Array : Float64Array;
      var out;
      if (littleEndian && bytes.byteOffset % size === 0) out = new Kind(bytes.buffer, bytes.byteOffset, length);
      else {
        out = new Kind(length);
        var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
        for (var k = 0; k < length; k++) {
          out[k] = kind === "i32" ? view.getInt32(k * 4, true) : kind === "f32" ? view.getFloat32(k * 4, true) : view.getFloat64(k * 8, true);
        }
      }
      return scaledColumn(out, kind === "i32" ? value.shift : 0);
    }

    function byNumber(a, b) { return a - b; }

    // A typed-array column after a splice, `width` values a row: in place when it has room (each
    // kept range moved with copyWithin — those moving left first, in order, then those moving
    // right, from the last, so no range is overwritten before it has moved), else in a new array
    // with room for 1/32 more rows; the added rows zero. Columns may hold more rows than the store
    // has (s.n and s.m say how many are in use).
    function spliceTyped(array, pieces, count, width) {
      var out = array, k, p;
      if (array.length < count * width) {
        columnWork.grown++;
        out = new array.constructor((count + (count >> 5) + 16) * width);
        for (k = 0; k < pieces.length; k++) {
          p = pieces[k];
          if (!p.add && p.to > p.from) out.set(array.subarray(p.from * width, p.to * width), p.at * width);
        }
      } else {
        for (k = 0; k < pieces.length; k++) {
          p = pieces[k];
          if (!p.add && p.at < p.from) out.copyWithin(p.at * width, p.from * width, p.to * width);
        }
        for (k = pieces.length - 1; k >= 0; k--) {
          p = pieces[k];
          if (!p.add && p.at > p.from) out.copyWithin(p.at * width, p.from * width, p.to * width);
        }
      }
      for (k = 0; k < pieces.length; k++) {
        p = pieces[k];
        if (p.add) out.fill(0, p.at * width, (p.at + p.add.length) * width);
      }
      return out;
    }

    // What the columns' upkeep did (storeWork().columns): stores made ready, columns a delta
    // had to grow or widen to Float64 (what readiness is for: none after a store is ready), and
    // the rounds the kernels below were run in idle time (warmKernels).
    var columnWork = { ready: 0, grown: 0, widened: 0, warmed: 0 };

    // ---------------------------------------------------------------- kernels
    // The loops a structural delta runs over every card or connector past its change: a run's
    // offsets added (positions, depths, connector points, ID ranges), card numbers renumbered through
    // the splice's map (links, connectors' children) and that map's kept ranges filled. Each is
    // a small function of typed arrays alone, so that idle time can have V8 optimise it before
    // the first structural delta runs it (warmKernels). Run for the first time inside that
    // delta, each loop over half the cards would start in the interpreter: in a page trace of
    // the first subtree deletion at 131,071 cards the runs' adds alone take 8–85 ms that way,
    // against 0.5–0.7 for the later deletions (docs/performance.md, "The preview page").
    function addToRange(column, from, to, delta) {
      for (var i = from; i < to; i++) column[i] += delta;
    }
    // Points as x, y pairs: dx to each x, dy to each y of values [from, to).
    function addToPairs(column, from, to, dx, dy) {
      for (var o = from; o < to; o += 2) { column[o] += dx; column[o + 1] += dy; }
    }
    // ID ranges (4 a card: start line and character, end line and character) of cards [from, to)
    // that have one, moved by `lines` and `characters`.
    function shiftRanges(ranges, has, from, to, lines, characters) {
      for (var i = from; i < to; i++) {
        if (!has[i]) continue;
        var o = 4 * i;
        ranges[o] += lines; ranges[o + 1] += characters; ranges[o + 2] += lines; ranges[o + 3] += characters;
      }
    }
    // Card numbers in column[from … to - 1] from `same` on renumbered through `map` (the cards
    // before `same` keep their numbers; -1, no card, stays).
    function renumberPast(column, from, to, map, same) {
      for (var j = from; j < to; j++) {
        var v = column[j];
        if (v >= same) column[j] = map[v];
      }
    }
    // column[from … to - 1] = first, first + 1, …; returns the number after the last.
    function fillSequence(column, from, to, first) {
      var v = first;
      for (var i = from; i < to; i++) column[i] = v++;
      return v;
    }

    // One round of the kernels on scratch columns of the kinds a ready store has (Float64
    // positions and points, Int32 links, ranges and maps, Uint8 flags), WARM_ROUNDS rounds of
    // WARM_ROWS rows in all, each round one idle task (the first, interpreted, is the longest:
    // a few ms). The values are thrown away. True once warm (for the page's lifetime: V8 keeps
    // the optimised code while the functions are in use).
    var WARM_ROUNDS = 6, WARM_ROWS = 1 << 15;
    function warmKernels() {
      if (columnWork.warmed >= WARM_ROUNDS) return true;
      var n = WARM_ROWS, floats = new Float64Array(2 * n), ints = new Int32Array(n), map = new Int32Array(n);
      var ranges = new Int32Array(4 * n), has = new Uint8Array(n);
      fillSequence(map, 0, n, 0);
      fillSequence(ints, 0, n, -1);
      renumberPast(ints, 0, n, map, 1);
      addToRange(ints, 0, n, 1); // depths
      addToRange(floats, 0, n, 0.5);
      addToPairs(floats, 0, 2 * n, 0.5, -0.5);
      has.fill(1, 0, n >> 1);
      shiftRanges(ranges, has, 0, n, -4, 0);
      columnWork.warmed++;
      return columnWork.warmed >= WARM_ROUNDS;
    }

    function spliceList(list, pieces, fill) {
      if (!list) return null;
      var out = [];
      for (var k = 0; k < pieces.length; k++) {
        var p = pieces[k];
        out = out.concat(p.add ? new Array(p.add.length).fill(fill) : list.slice(p.from, p.to));
      }
      return out;
    }

    // The attributes the payload describes in `attributes` (docs/protocol.md, "Attribute columns"):
    // one entry per declared attribute, { key, svg, prefix, values }, `values` a value per card or
    // null while no card has one. Nothing here names an attribute: a new one needs no page code.
    function readAttributeColumns(s, c) {
      s.attributes = (Array.isArray(c.attributes) ? c.attributes : []).map(function (a) {
        var cards = Array.isArray(a.cards) ? a.cards : [], values = Array.isArray(a.values) ? a.values : [];
        var out = { key: String(a.key), svg: a.svg, prefix: typeof a.prefix === "string" ? a.prefix : "", values: null };
        for (var k = 0; k < cards.length && k < values.length; k++) {
          if (cards[k] >= 0 && cards[k] < s.n) { if (!out.values) out.values = new Array(s.n).fill(null); out.values[cards[k]] = values[k]; }
        }
        return out;
      });
    }

    // The same for a geometry JSON payload (the VS Code webview's): the description `{ key, svg,
    // prefix }` beside the geometry, each card's value in its node under the key.
    function readNodeAttributes(s, attributes, nodes) {
      s.attributes = (Array.isArray(attributes) ? attributes : []).map(function (a) {
        var out = { key: String(a.key), svg: a.svg, prefix: typeof a.prefix === "string" ? a.prefix : "", values: null };
        for (var k = 0; k < s.n && k < nodes.length; k++) {
          var value = nodes[k] ? nodes[k][out.key] : undefined;
          if (value === undefined || value === null) continue;
          if (!out.values) out.values = new Array(s.n).fill(null);
          out.values[k] = value;
        }
        return out;
      });
    }

    // The attribute columns of a store spliced as its cards are (`pieces`, as spliceList's).
    function spliceAttributes(old, pieces) {
      return (old.attributes || []).map(function (a) {
        return { key: a.key, svg: a.svg, prefix: a.prefix, values: spliceList(a.values, pieces, null) };
      });
    }

    // Card i's attribute values from its geometry node (a delta's changed or added card).
    function setRowAttributes(s, i, node) {
      (s.attributes || []).forEach(function (a) {
        var value = node && node[a.key] !== undefined ? node[a.key] : null;
        if (value === null && !a.values) return;
        if (!a.values) a.values = new Array(s.n).fill(null);
        a.values[i] = value;
      });
    }

    // " prefix+name" for each name of card i's attributes drawn as classes, as the server's card
    // markup writes them after its outcome class ("" for none).
    function attributeClasses(s, i) {
      var out = "";
      (s.attributes || []).forEach(function (a) {
        var value = a.values ? a.values[i] : null;
        if (a.svg !== "classes" || value === null || value === undefined || value === false) return;
        if (value === true) value = a.key;  // a flag is drawn as its name (`aet`: `bracket-aet`)
        (Array.isArray(value) ? value : [value]).forEach(function (name) { out += " " + a.prefix + name; });
      });
      return out;
    }

    return {
      attributeClasses: attributeClasses, readAttributeColumns: readAttributeColumns, readNodeAttributes: readNodeAttributes,
      setRowAttributes: setRowAttributes, spliceAttributes: spliceAttributes,
      byNumber: byNumber, columnWork: columnWork, exactFloats: exactFloats, floatColumn: floatColumn,
      intColumn: intColumn, num: num, numberColumn: numberColumn, payloadOfBody: payloadOfBody,
      spliceList: spliceList, spliceTyped: spliceTyped,
      addToPairs: addToPairs, addToRange: addToRange, fillSequence: fillSequence, renumberPast: renumberPast,
      shiftRanges: shiftRanges, warmKernels: warmKernels,
    };
  }

  return { create: create };
});
