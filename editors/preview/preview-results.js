// Bracket preview page, a tree's results (docs/protocol.md, the result members): which card
// won, lost, is a bye or a slot still to be decided, its score and its score slot, and whose
// competitor each card shows. Read from the columns (`results`, `entrants`, the scores and
// slots), the geometry JSON's nodes or a delta's nodes into the page's store, and spelled as
// BracketSVG spells them (the accessible name's ", 6, winner", `data-entrant`), so the page's
// cards and Save SVG are the server's. A score slot is placed by the server's layout (its text,
// anchor and the label's centre come with the card): the page never measures one.
// Loaded before preview.js, which makes the modules; this file only offers
// `window.bracketPreviewResults.create(deps)` (deps: the store's readers).
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module && module.exports) module.exports = api;
  else root.bracketPreviewResults = api;
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  function create(deps) {
    var cardId = deps.cardId, cardLabel = deps.cardLabel, idEquals = deps.idEquals, indexOfId = deps.indexOfId,
      num = deps.num;

    // Per card: won the match at its parent, is a slot still to be decided, a bye; OWN marks a
    // slot with a label of its own (its accessible name then says "to be decided"). A loser is a
    // card whose parent's match is decided (the parent has an entrant) and that did not win it,
    // as BracketModel's `outcome` has it.
    var WON = 1, PENDING = 2, BYE = 4, OWN = 8;
    var RESULT_LETTERS = { 119: WON, 112: PENDING, 80: PENDING | OWN, 98: WON | BYE }; // w p P b (l, -: none)

    // A delta to a picture with results whose cards do not say theirs (a server older than the
    // result fields) cannot be applied: the page asks for the whole picture instead.
    function lacksResults(old, cards) {
      if (!old.hasResults) return false;
      function lacks(entry) { return !entry || !entry.node || !("entrant" in entry.node); }
      return cards.changed.some(lacks) || cards.added.some(lacks);
    }

    function resultFlags(node) {
      return (node.winner === true ? WON : 0) | (node.pending === true ? PENDING : 0) | (node.bye === true ? BYE : 0) |
        (node.pending === true && node.ownLabel === true ? OWN : 0);
    }

    // A geometry node's score slot as the store keeps it ({ text, x, start, labelX }), null
    // when it shows none, undefined for a node of a tree without results (nothing to set).
    function slotOfNode(node) {
      if (!("entrant" in node)) return undefined;
      var slot = node.slot, x = num(node.x, 0);
      if (!slot || typeof slot !== "object" || typeof slot.text !== "string") return null;
      var kept = { text: slot.text, x: num(slot.x, x), start: slot.anchor === "start", labelX: num(slot.labelX, x) };
      if (Array.isArray(slot.parts)) {
        kept.parts = slotParts(slot.parts.map(function (p) { return p && [p.text, p.x, p.y, p.size]; }), kept.x, num(node.y, 0));
      }
      return kept;
    }

    // A slot's parts (sets, legs, a shoot-out) as the server placed them, kept relative to the
    // slot's anchor and the card's centre, so a run that moves the card moves them too:
    // [{ text, dx, dy, size (null: the card's) }], or null.
    function slotParts(list, x, y) {
      var parts = [];
      for (var k = 0; k < list.length; k++) {
        var p = list[k];
        if (!Array.isArray(p) || typeof p[0] !== "string") continue;
        parts.push({ text: p[0], dx: num(p[1], x) - x, dy: num(p[2], y) - y, size: typeof p[3] === "number" ? p[3] : null });
      }
      return parts.length ? parts : null;
    }

    // A geometry node's seed column as the store keeps it ({ text, x, start, labelX,
    // labelStartX }: the seed, empty when the card shows none, its anchor, whether it is at the
    // card's left edge, and where the label goes beside it), null in a diagram without seeds.
    // Seeds are no result, but drawn in a slot of their own as the score is.
    function seedOfNode(node) {
      var seed = node.seedSlot, x = num(node.x, 0);
      if (!seed || typeof seed !== "object" || typeof seed.text !== "string") return null;
      return { text: seed.text, x: num(seed.x, x), start: seed.anchor === "start", labelX: num(seed.labelX, x),
        labelStartX: num(seed.labelStartX, x) };
    }

    // A geometry node's results as a store row has them, its seed column with them.
    function nodeResult(node) {
      return { flags: resultFlags(node), score: typeof node.score === "string" ? node.score : null,
        entrantId: typeof node.entrant === "string" ? node.entrant : null, slot: slotOfNode(node), seed: seedOfNode(node) };
    }

    // Card k's results and seed column from its geometry node (a payload's geometry JSON).
    function readNodeResult(s, k, node) {
      var r = nodeResult(node);
      setResult(s, k, r.flags, r.score, r.entrantId);
      if (r.slot) setSlot(s, k, r.slot);
      if (r.seed) setSeed(s, k, r.seed);
    }

    function setResult(s, k, flags, score, entrantId) {
      s.flags[k] = flags;
      if (score !== null) {
        if (!s.scores) s.scores = new Array(s.n).fill(null);
        s.scores[k] = score;
      }
      if (entrantId !== null) {
        if (!s.entrantIds) s.entrantIds = new Array(s.n).fill(null);
        s.entrantIds[k] = entrantId;
      }
    }

    // The result columns: `results` (a letter per card), `entrants` (card indices), and the scores
    // sparsely (`scoreCards`, `scoreTexts`). Absent for a tree that records no results.
    function readResultColumns(s, c) {
      var letters = typeof c.results === "string" ? c.results : "";
      for (var i = 0; i < s.n && i < letters.length; i++) s.flags[i] = RESULT_LETTERS[letters.charCodeAt(i)] || 0;
      if (Array.isArray(c.entrants) && c.entrants.length >= s.n) {
        s.entrant = new Int32Array(s.n);
        for (var e = 0; e < s.n; e++) {
          var entrant = c.entrants[e];
          s.entrant[e] = typeof entrant === "number" && entrant >= 0 && entrant < s.n ? entrant : -1;
        }
      }
      var slots = Array.isArray(c.slotCards) ? c.slotCards : [], slotTexts = Array.isArray(c.slotTexts) ? c.slotTexts : [];
      var slotX = Array.isArray(c.slotX) ? c.slotX : [], labelX = Array.isArray(c.labelX) ? c.labelX : [];
      var sides = typeof c.slotSides === "string" ? c.slotSides : "";
      var slotPartsColumn = Array.isArray(c.slotParts) ? c.slotParts : [];
      for (var q = 0; q < slots.length && q < slotTexts.length; q++) {
        var at = slots[q];
        if (!(typeof at === "number" && at >= 0 && at < s.n) || typeof slotTexts[q] !== "string") continue;
        var slot = { text: slotTexts[q], x: num(slotX[q], s.cx[at]), start: sides.charAt(q) === "s", labelX: num(labelX[q], s.cx[at]) };
        if (Array.isArray(slotPartsColumn[q])) slot.parts = slotParts(slotPartsColumn[q], slot.x, s.cy[at]);
        setSlot(s, at, slot);
      }
      var cards = Array.isArray(c.scoreCards) ? c.scoreCards : [], texts = Array.isArray(c.scoreTexts) ? c.scoreTexts : [];
      for (var k = 0; k < cards.length && k < texts.length; k++) {
        var card = cards[k];
        if (!(typeof card === "number" && card >= 0 && card < s.n) || typeof texts[k] !== "string") continue;
        if (!s.scores) s.scores = new Array(s.n).fill(null);
        s.scores[card] = texts[k];
      }
      readSeedColumn(s, c);
    }

    // `seedSlots` (a diagram with seeds): every card's seed column, `[text, x, side, labelX,
    // labelStartX]` as the geometry node's `seedSlot` has it.
    function readSeedColumn(s, c) {
      var list = Array.isArray(c.seedSlots) ? c.seedSlots : [];
      for (var i = 0; i < s.n && i < list.length; i++) {
        var e = list[i];
        if (!Array.isArray(e) || typeof e[0] !== "string") continue;
        setSeed(s, i, { text: e[0], x: num(e[1], s.cx[i]), start: e[2] === "s", labelX: num(e[3], s.cx[i]), labelStartX: num(e[4], s.cx[i]) });
      }
    }

    // Resolves entrant IDs (geometry JSON, deltas) to card indices and works out which matches
    // have a winner, once the store's IDs and parents are known.
    function finishResults(s) {
      if (s.entrantIds) {
        s.entrant = new Int32Array(s.n).fill(-1);
        for (var i = 0; i < s.n; i++) {
          var id = s.entrantIds[i];
          if (id !== null) s.entrant[i] = idEquals(s, i, id) ? i : indexOfId(s, id);
        }
        s.entrantIds = null;
      }
      var any = !!s.scores;
      for (var k = 0; k < s.n && !any; k++) if (s.flags[k] !== 0) any = true;
      s.hasResults = any;
      s.entrantDerived = false;
      s.competition = undefined;
      if (!any) s.entrant = null;
    }

    // A delta that rewrote rows in place: their results, then what follows from them (the IDs do
    // not change in place, so entrant IDs resolve at once). A tree without results whose rows
    // bring none stays without, and is not scanned for them (a pass over every card a keystroke).
    function patchResults(s, rows) {
      if (s.entrantDerived) s.entrant = null;
      if (!s.hasResults && !s.scores && rows.every(function (pair) { return pair[1].flags === 0 && pair[1].score === null && pair[1].entrantId === null; })) {
        s.entrant = null; s.entrantDerived = false; s.competition = undefined;
        return;
      }
      rows.forEach(function (pair) {
        var i = pair[0], r = pair[1];
        if (r.score !== null || s.scores) setResult(s, i, r.flags, r.score, null);
        else s.flags[i] = r.flags;
        if (r.entrantId === null && !s.entrant) return;
        if (!s.entrant) {
          s.entrant = new Int32Array(s.n).fill(-1);
          for (var k = 0; k < s.n; k++) if (s.children.first[k] < 0) s.entrant[k] = k;
        }
        var id = r.entrantId;
        s.entrant[i] = id === null ? -1 : idEquals(s, i, id) ? i : indexOfId(s, id);
      });
      finishResults(s);
    }

    // Whether a parent's label names the competitor of a child's: the same text, or the same
    // followed by symbols only ("Ayşe Yılmaz 🏆").
    var SYMBOLS_ONLY = /^\s+[^\p{L}\p{N}]+$/u;
    function carriesName(parent, child) {
      return parent === child || (child !== "" && parent.length > child.length && parent.lastIndexOf(child, 0) === 0 &&
        SYMBOLS_ONLY.test(parent.slice(child.length)));
    }

    // "winner", "loser", "pending", "bye" or "" for card i.
    function resultOf(s, i) {
      if (!s.hasResults) return "";
      var f = s.flags[i];
      if (f & PENDING) return "pending";
      if (f & BYE) return "bye";
      if (f & WON) return "winner";
      var p = s.parent[i];
      return p >= 0 && s.entrant && s.entrant[p] >= 0 ? "loser" : "";
    }

    function scoreOf(s, i) { return s.scores ? s.scores[i] : null; }

    // Card i's `status` (walkover, retired, disqualified, no-show: its competitor did not finish
    // the match at its parent), from the payload's attribute columns, or null.
    function statusOf(s, i) {
      var column = (s.attributes || []).find(function (a) { return a.key === "status"; });
      var value = column && column.values ? column.values[i] : null;
      return typeof value === "string" ? value : null;
    }

    // What follows the label in a card's accessible name, as BracketSVG writes it: ", 6, winner".
    function nameSuffix(s, i) {
      return resultSuffix(s, i) + noteSuffix(s, i);
    }

    // "; NOTE" for a card with a match note (the attribute column drawn as `note`), as BracketSVG
    // ends the accessible name with it; "" for none.
    function noteSuffix(s, i) {
      var out = "";
      (s.attributes || []).forEach(function (a) {
        var value = a.values ? a.values[i] : null;
        if (a.svg === "note" && typeof value === "string") out += "; " + value;
      });
      return out;
    }

    function resultSuffix(s, i) {
      if (!s.hasResults) return "";
      var out = "", score = scoreOf(s, i), result = resultOf(s, i), slot = slotOf(s, i);
      // A slot in parts is named by its parts spelled out ("6 4 6 7(4)"), as BracketSVG does;
      // with a status its last part is the abbreviation ("ret."), said as the status's word.
      var status = statusOf(s, i);
      if (slot && slot.parts) {
        var last = slot.parts[slot.parts.length - 1].text, text = slot.text;
        if (status !== null && text.endsWith(last)) text = text.slice(0, text.length - last.length).trim();
        out += ", " + text;
      } else if (score !== null && score !== "") out += ", " + score;
      if (status !== null) out += ", " + status;
      if (result === "winner") out += ", winner";
      else if (result === "loser") out += ", lost";
      else if (result === "bye") out += ", bye";
      else if (result === "pending" && s.flags[i] & OWN) out += ", to be decided";
      return out;
    }

    // The entrant's ID for `data-entrant` (results trees only), or null.
    function entrantAttr(s, i) {
      return s.hasResults && s.entrant && s.entrant[i] >= 0 ? cardId(s, s.entrant[i]) : null;
    }

    // A card's score slot as drawn: { text, x (the anchor), start (at the left edge), labelX
    // (where the label lines are centred) }, or null.
    function slotOf(s, i) {
      return s.slots ? s.slots[i] : null;
    }

    // A card's seed column (seedOfNode), or null.
    function seedOf(s, i) {
      return s.seeds ? s.seeds[i] : null;
    }

    function setSeed(s, k, seed) { setSparse(s, "seeds", k, seed); }
    function setSlot(s, k, slot) { setSparse(s, "slots", k, slot); }

    // Card k's entry of the store's sparse list `name` (null until some card has one).
    function setSparse(s, name, k, value) {
      if (value) {
        if (!s[name]) s[name] = new Array(s.n).fill(null);
        s[name][k] = value;
      } else if (s[name]) {
        s[name][k] = null;
      }
    }

    // The card index of the leaf whose competitor card i shows, or -1. A tree without results
    // that writes the winner's name again at every round (the old way) gets its entrants from
    // the names: a parent shows the competitor of its first child with the same label.
    function entrantOf(s, i) {
      if (!s.entrant) {
        var entrant = new Int32Array(s.n).fill(-1);
        for (var k = s.n - 1; k >= 0; k--) {
          if (s.children.first[k] < 0) entrant[k] = k;
          var p = s.parent[k];
          // Children come after their parent: walking backwards, a child is final before it is read.
          // Walking backwards, the last write is the first such child.
          if (p >= 0 && entrant[k] >= 0 && carriesName(cardLabel(s, p), cardLabel(s, k))) entrant[p] = entrant[k];
        }
        s.entrant = entrant;
        s.entrantDerived = true;
      }
      return i >= 0 && i < s.n ? s.entrant[i] : -1;
    }

    return {
      lacksResults: lacksResults,
      resultFlags: resultFlags,
      setResult: setResult,
      readResultColumns: readResultColumns,
      finishResults: finishResults,
      patchResults: patchResults,
      resultOf: resultOf,
      scoreOf: scoreOf,
      statusOf: statusOf,
      nameSuffix: nameSuffix,
      entrantAttr: entrantAttr,
      slotOf: slotOf,
      setSlot: setSlot,
      seedOf: seedOf,
      setSeed: setSeed,
      nodeResult: nodeResult,
      readNodeResult: readNodeResult,
      entrantOf: entrantOf,
    };
  }

  return { create: create };
});
