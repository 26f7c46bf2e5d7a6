-- End-to-end check of editors/nvim against the real server, in headless Neovim.
-- Run through Tests/editors/run_nvim_test.sh; prints "N passed, N failed" last and
-- exits non-zero on any failure.
local script = debug.getinfo(1, "S").source:sub(2)
local root = vim.fn.fnamemodify(script, ":p:h:h:h")
local bin = os.getenv("BRACKET_BIN") or ".build/debug/bracket"
if bin:sub(1, 1) ~= "/" then
  bin = root .. "/" .. bin
end
local timeout = tonumber(os.getenv("BRACKET_TEST_TIMEOUT_MS") or "") or 15000

local passed, failed = 0, 0
local function out(text)
  io.stdout:write(text .. "\n")
  io.stdout:flush()
end

-- Plugin messages go to stdout on their own lines instead of the headless message area.
vim.notify = function(message)
  out("     note: " .. tostring(message))
end

local function check(name, ok, detail)
  if ok then
    passed = passed + 1
    out("ok   " .. name)
  else
    failed = failed + 1
    out("FAIL " .. name .. (detail and (": " .. detail) or ""))
  end
  return ok
end

local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

local function is_stopped(client)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:is_stopped()
  end
  return client.is_stopped()
end

local function finish()
  for _, client in pairs(get_clients()) do
    vim.lsp.stop_client(client.id)
  end
  vim.wait(3000, function()
    return #get_clients() == 0
  end, 50)
  out(("%d passed, %d failed"):format(passed, failed))
  if failed > 0 then
    vim.cmd("cquit 1")
  end
  vim.cmd("qall!")
end

-- Later steps depend on earlier ones; after a failure they are counted as failed.
local steps = {}
local function step(name, fn)
  table.insert(steps, { name = name, fn = fn })
end

local state = {}

step("server binary exists", function()
  return vim.fn.executable(bin) == 1, bin
end)

step("plugin loads and .bracket gets filetype bracket", function()
  vim.opt.runtimepath:prepend(root .. "/editors/nvim")
  vim.cmd("filetype plugin indent on")
  vim.cmd("syntax on")
  state.opened_url = nil
  require("bracket").setup({
    cmd = { bin, "lsp" },
    debounce_text_changes = 0,
    cursor_debounce = 0,
    open = function(url)
      state.opened_url = url
    end,
  })
  -- Work on a copy: the quick fix edits the buffer and :BracketRender writes beside it.
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, "p")
  state.file = dir .. "/duplicate-id.bracket"
  vim.fn.writefile(vim.fn.readfile(root .. "/Tests/editors/fixtures/duplicate-id.bracket"), state.file)
  vim.cmd("edit " .. vim.fn.fnameescape(state.file))
  state.buf = vim.api.nvim_get_current_buf()
  return vim.bo.filetype == "bracket" and vim.bo.commentstring == "# %s", "filetype=" .. vim.bo.filetype
end)

step("language server starts and initializes", function()
  local ok = vim.wait(timeout, function()
    local client = require("bracket").client(state.buf)
    return client ~= nil and client.initialized ~= false and client.server_capabilities ~= nil
  end, 50)
  state.client = require("bracket").client(state.buf)
  return ok, "no initialized bracket client"
end)

local function duplicate_diagnostics()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(state.buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code == "duplicate-id" then
      table.insert(found, d)
    end
  end
  return found
end

step("server reports duplicate-id", function()
  local ok = vim.wait(timeout, function()
    return #duplicate_diagnostics() > 0
  end, 50)
  return ok, vim.inspect(vim.diagnostic.get(state.buf))
end)

step("quick fix is offered and applied", function()
  local d = duplicate_diagnostics()[1]
  -- 0.8+ keeps the whole LSP diagnostic in user_data.lsp; 0.7 only its code, but can
  -- convert a line's diagnostics back to LSP form.
  local lsp_diagnostic = d.user_data and d.user_data.lsp
  if not (lsp_diagnostic and lsp_diagnostic.range) and vim.lsp.diagnostic.get_line_diagnostics then
    for _, candidate in ipairs(vim.lsp.diagnostic.get_line_diagnostics(state.buf, d.lnum)) do
      if candidate.code == "duplicate-id" then
        lsp_diagnostic = candidate
      end
    end
  end
  if not (lsp_diagnostic and lsp_diagnostic.range) then
    return false, "cannot recover the LSP form of " .. vim.inspect(d)
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(state.buf) },
    range = lsp_diagnostic.range,
    context = { diagnostics = { lsp_diagnostic } },
  }
  local responses = vim.lsp.buf_request_sync(state.buf, "textDocument/codeAction", params, timeout) or {}
  local action
  for _, response in pairs(responses) do
    for _, candidate in ipairs(response.result or {}) do
      local is_quickfix = candidate.kind == nil or candidate.kind:match("^quickfix") ~= nil
      if is_quickfix and (candidate.edit or candidate.data) and not action then
        action = candidate
      end
    end
  end
  if not action then
    return false, "no quickfix in " .. vim.inspect(responses)
  end
  if not action.edit then
    local resolved = vim.lsp.buf_request_sync(state.buf, "codeAction/resolve", action, timeout) or {}
    for _, response in pairs(resolved) do
      action = response.result or action
    end
  end
  if not action.edit then
    return false, "code action has no edit: " .. vim.inspect(action)
  end
  state.before = table.concat(vim.api.nvim_buf_get_lines(state.buf, 0, -1, false), "\n")
  vim.lsp.util.apply_workspace_edit(action.edit, state.client.offset_encoding or "utf-16")
  local after = table.concat(vim.api.nvim_buf_get_lines(state.buf, 0, -1, false), "\n")
  return after ~= state.before, "edit changed nothing"
end)

step("diagnostics clear after the incremental change", function()
  local ok = vim.wait(timeout, function()
    return #vim.diagnostic.get(state.buf) == 0
  end, 50)
  return ok, vim.inspect(vim.diagnostic.get(state.buf))
end)

step("cursor notification is accepted", function()
  vim.api.nvim_win_set_cursor(0, { 3, 4 })
  vim.cmd("doautocmd CursorMoved")
  vim.wait(200)
  return state.client ~= nil and not is_stopped(state.client), "server stopped after bracket/cursorMoved"
end)

step(":BracketRender writes an SVG with cards", function()
  local path = vim.fn.tempname() .. ".svg"
  vim.cmd("BracketRender " .. vim.fn.fnameescape(path))
  local text
  vim.wait(timeout, function()
    if vim.fn.filereadable(path) == 1 then
      text = table.concat(vim.fn.readfile(path, "b"), "\n")
      return #text > 0
    end
    return false
  end, 50)
  if not text then
    return false, "no file at " .. path
  end
  local starts_ok = text:match("^%s*<svg") or text:match("^%s*<%?xml")
  return starts_ok and text:find("data-node-id", 1, true) ~= nil, text:sub(1, 200)
end)

step(":BracketPreview returns a loopback URL", function()
  vim.cmd("BracketPreview")
  vim.wait(timeout, function()
    return state.opened_url ~= nil
  end, 50)
  local url = state.opened_url or ""
  return url:match("^http://127%.0%.0%.1:%d+/%x+/$") ~= nil, "url=" .. url
end)

step(":BracketFormat formats the buffer (vim.lsp.buf.formatting on 0.7, format on 0.8+)", function()
  local canonical = vim.api.nvim_buf_get_lines(state.buf, 0, -1, false)
  local row
  for i, line in ipairs(canonical) do
    if line:match("^%s+%S") then
      row = i
      break
    end
  end
  if not row then
    return false, "no indented line in " .. vim.inspect(canonical)
  end
  vim.api.nvim_buf_set_lines(state.buf, row - 1, row, false, { "        " .. vim.trim(canonical[row]) })
  vim.cmd("BracketFormat")
  local ok = vim.wait(timeout, function()
    return vim.deep_equal(vim.api.nvim_buf_get_lines(state.buf, 0, -1, false), canonical)
  end, 50)
  return ok, vim.inspect(vim.api.nvim_buf_get_lines(state.buf, 0, -1, false))
end)

-- The reveal the issue reported broken on 0.7: a click on a card in the real page (headless
-- Chromium) goes page -> loopback server -> bracket/reveal (0.7) or window/showDocument (0.8+)
-- -> this editor, whose cursor must land on the node's ID.
step("clicking a card in the browser page moves the cursor to its node", function()
  -- A label with a character outside the BMP before the node on its line: the reveal's
  -- UTF-16 column must become the right byte column.
  for i, line in ipairs(vim.api.nvim_buf_get_lines(state.buf, 0, -1, false)) do
    if line:match("^%s*3 {") then
      vim.api.nvim_buf_set_lines(state.buf, i - 1, i, false, { (line:gsub("3 {", '3 "🏆é" {', 1)) })
    end
  end
  local lines = vim.api.nvim_buf_get_lines(state.buf, 0, -1, false)
  local target_row, target_col
  for i, line in ipairs(lines) do
    local col = line:find("%f[%w]7%f[^%w]")
    if col and not line:match("^%s*#") then
      target_row, target_col = i, col - 1
    end
  end
  if not target_row then
    return false, "no node 7 in " .. vim.inspect(lines)
  end
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  local output = {}
  local job = vim.fn.jobstart({ "python3", root .. "/Tests/editors/click_card.py", state.opened_url, "7" }, {
    stdout_buffered = true,
    stderr_buffered = true,
    on_stdout = function(_, data)
      vim.list_extend(output, data)
    end,
    on_stderr = function(_, data)
      vim.list_extend(output, data)
    end,
  })
  if job <= 0 then
    return false, "cannot start python3"
  end
  local moved = vim.wait(60000, function()
    local cursor = vim.api.nvim_win_get_cursor(0)
    return cursor[1] == target_row and cursor[2] == target_col
  end, 50)
  vim.fn.jobwait({ job }, 30000)
  local cursor = vim.api.nvim_win_get_cursor(0)
  return moved and vim.api.nvim_get_current_buf() == state.buf,
    ("cursor %d:%d, wanted %d:%d; click_card.py: %s"):format(cursor[1], cursor[2], target_row, target_col,
      table.concat(output, " "))
end)

step("a malformed bracket/reveal changes nothing and raises nothing", function()
  local before = { vim.api.nvim_get_current_buf(), vim.api.nvim_win_get_cursor(0) }
  local bracket = require("bracket")
  local ok, err = pcall(function()
    bracket.handle_reveal(nil, { uri = 42 }, {})
    bracket.handle_reveal(nil, "nonsense", {})
    bracket.handle_reveal(nil, { uri = vim.uri_from_bufnr(state.buf), selection = "x" }, {})
    bracket.handle_reveal({ code = 1 }, nil, {})
  end)
  local after = { vim.api.nvim_get_current_buf(), vim.api.nvim_win_get_cursor(0) }
  return ok and vim.deep_equal(before, after), tostring(err) .. vim.inspect({ before, after })
end)

-- A newcomer's first file, typed key by key into a new buffer: the plugin's own keys and
-- completion, with nothing configured beyond the README's setup.
-- The steps run in a coroutine (see the end): typed keys are only read by Neovim's main loop,
-- so after queueing some the test gives the loop control and resumes from a timer.
local function pause(ms)
  local co = coroutine.running()
  vim.defer_fn(function()
    local ok, err = coroutine.resume(co)
    if not ok then
      out("FAIL the test itself: " .. tostring(err))
      vim.cmd("cquit 1")
    end
  end, ms or 0)
  coroutine.yield()
end

local function feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "t", false)
  pause(1)
end

-- vim.wait does not read typed keys; this does, between polls.
local function wait_typing(predicate)
  local deadline = vim.loop.now() + timeout
  while not predicate() do
    if vim.loop.now() > deadline then
      return false
    end
    pause(20)
  end
  return true
end

local function type_text(text)
  for char in text:gmatch(".") do
    feed(char)
  end
end

local function line_of(pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    if line:find(pattern) then
      return i
    end
  end
end

local function diagnostics_with(code)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(state.newbuf)) do
    local d_code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if d_code == code then
      table.insert(found, d)
    end
  end
  return found
end

step("a new buffer gets omnifunc and the plugin's buffer-local LSP keys", function()
  state.newfile = vim.fn.fnamemodify(state.file, ":h") .. "/knockout.bracket"
  vim.cmd("edit " .. vim.fn.fnameescape(state.newfile))
  state.newbuf = vim.api.nvim_get_current_buf()
  local ok = vim.wait(timeout, function()
    return vim.bo[state.newbuf].omnifunc ~= ""
  end, 20)
  local missing = {}
  for _, lhs in ipairs({ "K", "gd", "gr", "\\rn", "\\ca", "\\f", "]d" }) do
    local map = vim.fn.maparg(lhs, "n", false, true)
    if map.buffer ~= 1 or not (map.desc or ""):match("^bracket") then
      table.insert(missing, lhs)
    end
  end
  return ok and vim.bo.omnifunc == "v:lua.vim.lsp.omnifunc" and #missing == 0,
    "omnifunc=" .. vim.bo.omnifunc .. " missing: " .. table.concat(missing, " ")
end)

step("a key the user already maps is left alone", function()
  vim.cmd("new")
  local scratch = vim.api.nvim_get_current_buf()
  vim.keymap.set("n", "K", "<Nop>", { buffer = scratch })
  vim.keymap.set("n", "gra", "<Nop>", { buffer = scratch })
  local mapped = require("bracket.keys").attach(scratch, { format = false })
  local k = vim.fn.maparg("K", "n", false, true)
  vim.cmd("bwipeout!")
  return mapped.hover == nil and mapped.references == nil and mapped.format == nil and mapped.definition == "gd"
    and k.rhs == "<Nop>", vim.inspect(mapped)
end)

step("typing the file key by key; <C-x><C-o> completes an attribute the node lacks", function()
  feed("i")
  for _, line in ipairs({ 'final "Final" {', "sf1 {", 'qf1 { p1 "Ann" [score=1, ' }) do
    type_text(line)
    if line:sub(-1) ~= " " then
      feed("<CR>")
    end
  end
  -- Every attribute the node lacks, then only those starting with the typed "w".
  local function complete()
    feed("<C-x><C-o>")
    local items
    wait_typing(function()
      items = vim.fn.complete_info({ "items" }).items
      return items ~= nil and #items > 0
    end)
    local words = {}
    for _, item in ipairs(items or {}) do
      table.insert(words, item.word)
    end
    return words
  end
  local words = complete()
  feed("<C-e>")
  feed("w")
  local narrowed = complete()
  feed("<C-y>")
  local current = vim.api.nvim_get_current_line()
  local rest = {
    '] p2 "Bob" [score=0] }', 'qf2 { p3 "Cid" p4 "Dan" }', "}", "sf2 {",
    'qf3 { p5 "Eve" p5 "Fay" }', 'qf4 { p7 "Gus" p8 "Hal" [scroe=2] }', "}", "}",
  }
  for i, line in ipairs(rest) do
    type_text(line)
    if i < #rest then
      feed("<CR>")
    end
  end
  feed("<Esc>")
  local offered = table.concat(words, " ")
  return vim.tbl_contains(words, "winner") and not vim.tbl_contains(words, "score=")
    and vim.deep_equal(narrowed, { "winner" })
    and current:match("%[score=1, winner$") ~= nil and vim.fn.mode() == "n",
    "offered: " .. offered .. "; after w: " .. table.concat(narrowed, " ") .. "; line: " .. current
end)

step("the typed file is indented by the plugin and diagnosed by the server", function()
  local ok = vim.wait(timeout, function()
    return #diagnostics_with("duplicate-id") == 1 and #diagnostics_with("unknown-attribute") == 1
  end, 20)
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  return ok and lines[3] == '    qf1 { p1 "Ann" [score=1, winner] p2 "Bob" [score=0] }' and #lines == 10,
    vim.inspect(lines) .. vim.inspect(vim.diagnostic.get(state.newbuf))
end)

step("K shows hover, gd goes to the first writing of a duplicated ID", function()
  local row = line_of('p5 "Fay"')
  local line = vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1]
  local first = line:find("p5", 1, true)
  local second = line:find("p5", first + 1, true)
  vim.api.nvim_win_set_cursor(0, { row, second - 1 })
  feed("K")
  local float = wait_typing(function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        return true
      end
    end
    return false
  end)
  -- Close the float the way a user does, by moving on.
  vim.api.nvim_win_set_cursor(0, { row, second - 1 })
  feed("gd")
  local jumped = wait_typing(function()
    return vim.api.nvim_win_get_cursor(0)[2] == first - 1
  end)
  return float and jumped, ("float=%s cursor=%s"):format(tostring(float), vim.inspect(vim.api.nvim_win_get_cursor(0)))
end)

step("K on an attribute's name shows what it means", function()
  local function close_floats()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        vim.api.nvim_win_close(win, true)
      end
    end
  end
  close_floats()
  local row = line_of("%[score=1")
  local col = vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1]:find("score", 1, true)
  vim.api.nvim_win_set_cursor(0, { row, col })
  feed("K")
  local text = ""
  local shown = wait_typing(function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        text = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), "\n")
        -- The attribute's declaration (its summary), not the node's facts.
        return text:find("competitor made in the match", 1, true) ~= nil
      end
    end
    return false
  end)
  close_floats()
  return shown, "float: " .. text
end)

-- The menu vim.ui.select would show: pick the action whose title matches.
local function choose(pattern)
  local chosen = {}
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or tostring(item)
      table.insert(chosen, title)
      if title:match(pattern) then
        return on_choice(item, i)
      end
    end
    on_choice(nil, nil)
  end
  return chosen
end

step("code action with the cursor at the start of the diagnostic's line fixes it (\\ca)", function()
  local seen_dup = choose("^Rename to p6$")
  vim.api.nvim_win_set_cursor(0, { line_of('p5 "Fay"'), 0 })
  feed("\\ca")
  local renamed = wait_typing(function()
    return line_of('p6 "Fay"') ~= nil
  end)
  local seen_attr = choose("^Change to score$")
  vim.api.nvim_win_set_cursor(0, { line_of("scroe"), 0 })
  feed("\\ca")
  local changed = wait_typing(function()
    return line_of("%[score=2%]") ~= nil
  end)
  local cleared = vim.wait(timeout, function()
    return #diagnostics_with("duplicate-id") == 0 and #diagnostics_with("unknown-attribute") == 0
  end, 20)
  return renamed and changed and cleared,
    "menus: " .. vim.inspect({ seen_dup, seen_attr }) .. " lines: " .. vim.inspect(vim.api.nvim_buf_get_lines(0, 0, -1, false))
end)

-- Waits for the folds of the current text, presses zc on line `row`, and returns whether they
-- were ready and the closed fold's first and last lines (-1 when none closed); then zo.
local function fold_at(row)
  local folding = require("bracket.folding")
  local ready = vim.wait(timeout, function()
    local s = folding.state(state.newbuf)
    return s ~= nil and s.tick == vim.api.nvim_buf_get_changedtick(state.newbuf)
  end, 20)
  vim.api.nvim_win_set_cursor(0, { row, 0 })
  feed("zc")
  local closed, closed_end = vim.fn.foldclosed(row), vim.fn.foldclosedend(row)
  feed("zo")
  return ready, closed, closed_end
end

step("zc folds the block under the cursor, from the server's folding ranges", function()
  local row = line_of("qf1")
  local ready, closed, closed_end = fold_at(row)
  return ready and closed == line_of("sf1") and closed_end == line_of("qf2") and vim.fn.foldclosed(row) == -1,
    ("ready=%s foldclosed=%d..%d foldmethod=%s"):format(tostring(ready), closed, closed_end, vim.wo.foldmethod)
end)

step("folds follow an edit: a new block folds too", function()
  local last = vim.api.nvim_buf_line_count(0)
  vim.api.nvim_win_set_cursor(0, { last - 1, 0 })
  feed("o")
  type_text("qf5 {")
  feed("<CR>")
  type_text("p9 p10")
  feed("<CR>}<Esc>")
  local ready, closed = fold_at(line_of("p9 p10"))
  return ready and closed == line_of("qf5"), ("ready=%s foldclosed=%d"):format(tostring(ready), closed)
end)

vim.o.showmode = false
vim.opt.shortmess:append("c")
coroutine.wrap(function()
  local ok_all = true
  for _, s in ipairs(steps) do
    if not ok_all then
      check(s.name, false, "skipped after an earlier failure")
    else
      local ran, ok, detail = pcall(s.fn)
      if not ran then
        ok, detail = false, "error: " .. tostring(ok)
      end
      ok_all = check(s.name, ok, detail)
    end
  end
  finish()
end)()
