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
