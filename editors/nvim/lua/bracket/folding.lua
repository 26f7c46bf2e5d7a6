-- Folds from the server's folding ranges (textDocument/foldingRange), for every Neovim from
-- 0.7 (which has no LSP fold expression of its own). The ftplugin sets
-- foldexpr=v:lua.require'bracket.folding'.foldexpr(v:lnum) with foldmethod=expr; this module
-- asks the server for the ranges when the server attaches and after each change, turns them
-- into one fold level per line, and has Neovim re-read the levels. zc, zo, za, zR, zM and
-- 'foldlevel' then work as usual, and folds the user closed stay closed across edits.
local M = {}

-- How long after the last change the ranges are asked for again (ms).
M.delay = 200

local state = {} -- bufnr -> { levels = { [lnum] = expr }, tick }

--- The fold level of line `lnum` (1-based): ">N" where a range starts, "N" inside one, 0
--- elsewhere (and everywhere until the server has answered).
function M.foldexpr(lnum)
  local buffer = state[vim.api.nvim_get_current_buf()]
  return buffer and buffer.levels[lnum] or 0
end

--- Fold levels from LSP folding ranges (0-based, inclusive lines) over `line_count` lines:
--- one pass over the ranges and one over the lines, whatever the nesting.
function M.levels(ranges, line_count)
  local delta, starts = {}, {}
  for _, range in ipairs(ranges) do
    local first, last = range.startLine + 1, (range.endLine or range.startLine) + 1
    if last > first and first >= 1 and first <= line_count then
      delta[first] = (delta[first] or 0) + 1
      delta[last + 1] = (delta[last + 1] or 0) - 1
      starts[first] = true
    end
  end
  local levels, depth = {}, 0
  for lnum = 1, line_count do
    depth = depth + (delta[lnum] or 0)
    levels[lnum] = starts[lnum] and (">" .. depth) or depth
  end
  return levels
end

-- Has every window showing the buffer recompute its folds from foldexpr. Setting
-- 'foldmethod' again marks the folds invalid; Neovim rebuilds them keeping the open or closed
-- state of those that are still there.
local function refresh_windows(bufnr)
  for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
    if vim.wo[win].foldmethod == "expr" then
      vim.api.nvim_win_call(win, function()
        vim.wo.foldmethod = "expr"
      end)
    end
  end
end

--- Asks the server for the buffer's folding ranges now; the answer replaces the levels when the
--- buffer has not changed since the question. `done()` is called after (tests wait on it).
function M.update(bufnr, done)
  local buffer = state[bufnr]
  local client = require("bracket").client(bufnr)
  if not buffer or not client then
    return
  end
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
  require("bracket").request(client, "textDocument/foldingRange", params, function(err, result)
    if err or type(result) ~= "table" or state[bufnr] ~= buffer or not vim.api.nvim_buf_is_valid(bufnr) then
      return
    end
    if vim.api.nvim_buf_get_changedtick(bufnr) ~= tick then
      return -- a newer change has scheduled another request
    end
    local levels = M.levels(result, vim.api.nvim_buf_line_count(bufnr))
    if not vim.deep_equal(levels, buffer.levels) then
      buffer.levels = levels
      refresh_windows(bufnr)
    end
    buffer.tick = tick
    if done then
      done()
    end
  end, bufnr)
end

--- Starts following the buffer's folding ranges (when the server attaches).
function M.attach(bufnr)
  if state[bufnr] then
    M.update(bufnr)
    return
  end
  local buffer = { levels = {}, tick = nil }
  state[bufnr] = buffer
  require("bracket").after_rest(bufnr, "bracket_folding_", { "TextChanged", "TextChangedI" }, function()
    return M.delay
  end, function()
    if state[bufnr] == buffer then
      M.update(bufnr)
    end
  end, function()
    state[bufnr] = nil
  end)
  M.update(bufnr)
end

--- The buffer's current levels and the changedtick they were computed for (tests).
function M.state(bufnr)
  return state[bufnr]
end

return M
