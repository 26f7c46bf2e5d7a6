-- Neovim client for the bracket language server (Neovim 0.7 and later).
-- Starts one server per project root, and adds the preview commands that use the
-- server's custom requests (bracket/openPreview, bracket/preview, bracket/cursorMoved).
local M = {}

local defaults = {
  cmd = { "bracket", "lsp" },
  -- Layout settings sent to the server (cardWidth, cardHeight, levelGap, leafGap,
  -- margin, root, align); a file's own @ settings win over these.
  layout = nil,
  debounce_text_changes = 150,
  -- Milliseconds of cursor rest before the preview is told which card to highlight.
  cursor_debounce = 100,
  -- Files or directories that mark a project root; one server per root.
  root_markers = { ".git", ".hg", ".svn" },
  autostart = true,
  -- How :BracketPreview opens the URL: nil = system opener, false = only print it,
  -- or a function(url).
  open = nil,
  on_attach = nil,
  capabilities = nil,
  -- Buffer-local LSP keys (see lua/bracket/keys.lua for the defaults): a table changes some
  -- ({ rename = "<F2>", format = false }), false maps none. Keys the user already maps are
  -- never overridden.
  keys = nil,
  -- Folds from the server's folding ranges (foldmethod=expr, set by the ftplugin).
  folding = true,
}

local config = vim.deepcopy(defaults)
local clients_by_root = {} -- only used on Neovim < 0.8 (no vim.lsp.start)
local has_011 = vim.fn.has("nvim-0.11") == 1

function M.setup(opts)
  config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), opts or {})
  -- Lists replace rather than merge (a custom cmd must not keep default arguments).
  if opts and opts.cmd then
    config.cmd = opts.cmd
  end
  if opts and opts.root_markers then
    config.root_markers = opts.root_markers
  end
end

function M.config()
  return config
end

-- An empty Lua table encodes as a JSON array; the server expects objects.
local function json_object(value)
  if value == nil or next(value) == nil then
    return vim.empty_dict()
  end
  return value
end

-- Walks up from the file's directory to the nearest root marker (a loop, not vim.fs,
-- which only exists from 0.8). Falls back to the file's own directory.
local function root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local start = name ~= "" and vim.fn.fnamemodify(name, ":p:h") or vim.fn.getcwd()
  local dir = start
  while true do
    for _, marker in ipairs(config.root_markers) do
      if vim.loop.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return start
    end
    dir = parent
  end
end

-- Method calls changed from client.request(...) to client:request(...) in 0.11.
local function client_request(client, method, params, handler, bufnr)
  if has_011 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

M.request = client_request

local function client_notify(client, method, params)
  if has_011 then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

--- The bracket client attached to a buffer, or nil.
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr, name = "bracket" })[1]
  end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == "bracket" then
      return client
    end
  end
  return nil
end

local cursor_state = {} -- bufnr -> { last }

-- Tells the server where the cursor rests so an open preview can highlight that card.
local function send_cursor(bufnr)
  local client = M.client(bufnr)
  if not client or vim.api.nvim_get_current_buf() ~= bufnr then
    return
  end
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local state = cursor_state[bufnr]
  local key = params.position.line .. ":" .. params.position.character
  if state.last == key then
    return
  end
  state.last = key
  client_notify(client, "bracket/cursorMoved", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = params.position,
  })
end

--- Calls `callback()` once the buffer's `events` have rested `delay()` milliseconds, from the
--- augroup `group` .. bufnr; when the buffer is wiped out the timer is closed and `on_wipeout()`
--- called. Used for the cursor reports and the folding ranges.
function M.after_rest(bufnr, group, events, delay, callback, on_wipeout)
  local timer = vim.loop.new_timer()
  local augroup = vim.api.nvim_create_augroup(group .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd(events, {
    group = augroup,
    buffer = bufnr,
    callback = function()
      timer:stop()
      timer:start(delay(), 0, vim.schedule_wrap(function()
        if vim.api.nvim_buf_is_valid(bufnr) then
          callback()
        end
      end))
    end,
  })
  vim.api.nvim_create_autocmd("BufWipeout", {
    group = augroup,
    buffer = bufnr,
    once = true,
    callback = function()
      timer:stop()
      timer:close()
      on_wipeout()
    end,
  })
end

local function watch_cursor(bufnr)
  if cursor_state[bufnr] then
    return
  end
  cursor_state[bufnr] = { last = nil }
  M.after_rest(bufnr, "bracket_cursor_", { "CursorMoved", "CursorMovedI" }, function()
    return config.cursor_debounce
  end, function()
    send_cursor(bufnr)
  end, function()
    cursor_state[bufnr] = nil
  end)
end

--- What the plugin does when the server attaches to a buffer: cursor reports for the preview,
--- omnifunc, the keys, folding, then setup()'s on_attach. Pass it as nvim-lspconfig's on_attach
--- when lspconfig starts the server.
local function on_attach(client, bufnr)
  watch_cursor(bufnr)
  local keys = require("bracket.keys")
  keys.set_omnifunc(bufnr)
  keys.attach(bufnr, config.keys)
  if config.folding then
    require("bracket.folding").attach(bufnr)
  end
  if config.on_attach then
    config.on_attach(client, bufnr)
  end
end

M.on_attach = on_attach

--- Starts the server for this buffer's project root, or attaches to the running one.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not config.autostart then
    return
  end
  if vim.fn.executable(config.cmd[1]) ~= 1 then
    vim.notify_once("bracket: server command not found: " .. config.cmd[1], vim.log.levels.WARN)
    return
  end
  local root = root_dir(bufnr)
  local layout = json_object(config.layout)
  local client_config = {
    name = "bracket",
    cmd = config.cmd,
    root_dir = root,
    init_options = { layout = layout },
    settings = { bracket = { layout = layout } },
    flags = { debounce_text_changes = config.debounce_text_changes },
    capabilities = config.capabilities or vim.lsp.protocol.make_client_capabilities(),
    on_attach = on_attach,
  }
  if vim.lsp.start then
    -- 0.8+: reuses a client with the same name and root_dir.
    return vim.lsp.start(client_config, { bufnr = bufnr })
  end
  local id = clients_by_root[root]
  local existing = id and vim.lsp.get_client_by_id(id)
  if not existing or existing.is_stopped() then
    id = vim.lsp.start_client(client_config)
    if not id then
      return nil
    end
    clients_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

local function text_document(bufnr)
  return { textDocument = { uri = vim.uri_from_bufnr(bufnr) } }
end

local function with_client(bufnr, action)
  local client = M.client(bufnr)
  if not client then
    vim.notify("bracket: no language server attached to this buffer", vim.log.levels.ERROR)
    return
  end
  action(client)
end

local function open_url(url)
  if config.open == false then
    return
  end
  if type(config.open) == "function" then
    return config.open(url)
  end
  if vim.ui and vim.ui.open then
    return vim.ui.open(url)
  end
  local opener = vim.fn.has("mac") == 1 and "open" or "xdg-open"
  if vim.fn.executable(opener) == 1 then
    vim.fn.jobstart({ opener, url }, { detach = true })
  end
end

--- :BracketPreview — asks the server for its loopback preview page and opens it.
function M.preview(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  with_client(bufnr, function(client)
    client_request(client, "bracket/openPreview", text_document(bufnr), function(err, result)
      if err or type(result) ~= "table" or type(result.url) ~= "string" then
        vim.notify("bracket: preview failed: " .. vim.inspect(err or result), vim.log.levels.ERROR)
        return
      end
      vim.notify("bracket preview: " .. result.url)
      open_url(result.url)
    end, bufnr)
  end)
end

--- The default SVG path: the buffer's file with its extension replaced by .svg.
function M.default_svg_path(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then
    return "bracket.svg"
  end
  return vim.fn.fnamemodify(name, ":r") .. ".svg"
end

--- :BracketRender [file.svg] — writes the server's SVG rendering of the buffer.
--- `done(path_or_nil, err)` is optional (used by tests and scripts).
function M.render(bufnr, path, done)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  path = (path and path ~= "") and vim.fn.expand(path) or M.default_svg_path(bufnr)
  done = done or function() end
  with_client(bufnr, function(client)
    client_request(client, "bracket/preview", text_document(bufnr), function(err, result)
      if err or type(result) ~= "table" or type(result.svg) ~= "string" then
        local message = "bracket: render failed: " .. vim.inspect(err or result)
        vim.notify(message, vim.log.levels.ERROR)
        return done(nil, message)
      end
      local file, open_err = io.open(path, "wb")
      if not file then
        vim.notify("bracket: cannot write " .. path .. ": " .. tostring(open_err), vim.log.levels.ERROR)
        return done(nil, open_err)
      end
      file:write(result.svg)
      file:close()
      vim.notify(("bracket: wrote %s (%d bytes)"):format(path, #result.svg))
      done(path, nil)
    end, bufnr)
  end)
end

--- Handler for the server's `bracket/reveal` notification: a card was clicked in the browser
--- preview. The server sends it instead of `window/showDocument` to clients that do not
--- advertise showDocument (Neovim 0.7); the cursor goes to the start of the node's ID.
function M.handle_reveal(err, params, ctx)
  if err or type(params) ~= "table" or type(params.uri) ~= "string" or type(params.selection) ~= "table" then
    return
  end
  local client = ctx and ctx.client_id and vim.lsp.get_client_by_id(ctx.client_id)
  local encoding = client and client.offset_encoding or "utf-16"
  local location = { uri = params.uri, range = params.selection }
  if vim.lsp.util.show_document then
    -- 0.8+: the same code path as the built-in window/showDocument handler.
    vim.lsp.util.show_document(location, encoding, { focus = params.takeFocus ~= false })
  else
    vim.lsp.util.jump_to_location(location, encoding)
  end
end

-- Registered globally, so it also works when nvim-lspconfig starts the client.
vim.lsp.handlers["bracket/reveal"] = M.handle_reveal

--- :BracketFormat — formats the buffer with the server (the canonical layout).
--- `vim.lsp.buf.format` exists from 0.8; 0.7 has only `vim.lsp.buf.formatting`.
function M.format(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = bufnr, name = "bracket" })
  else
    vim.api.nvim_buf_call(bufnr, function()
      vim.lsp.buf.formatting()
    end)
  end
end

vim.api.nvim_create_user_command("BracketFormat", function()
  M.format(0)
end, { desc = "Format the buffer with the bracket language server" })

vim.api.nvim_create_user_command("BracketPreview", function()
  M.preview(0)
end, { desc = "Open the bracket live preview in a browser" })

vim.api.nvim_create_user_command("BracketRender", function(opts)
  M.render(0, opts.args)
end, { nargs = "?", complete = "file", desc = "Write the diagram as SVG" })

return M
