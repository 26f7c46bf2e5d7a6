-- Buffer-local LSP key mappings and completion for .bracket buffers, set when the server
-- attaches. A key is left alone when the user (or Neovim itself, 0.10+) already maps it, or a
-- longer key that starts with it (0.11's `grn`, `gra`, `grr` keep `gr` free), so nothing the
-- user set up is overridden; `keys = false` in setup() maps nothing.
local M = {}

-- The key for each action, as nvim-lspconfig's README suggests them; setup({ keys = { ... } })
-- changes one (a string) or drops it (false).
M.defaults = {
  hover = "K",
  definition = "gd",
  references = "gr",
  rename = "<leader>rn",
  code_action = "<leader>ca",
  format = "<leader>f",
  diagnostic_float = "<leader>e",
  diagnostic_prev = "[d",
  diagnostic_next = "]d",
}

local function format()
  require("bracket").format(0)
end

M.actions = {
  hover = { vim.lsp.buf.hover, "Show what the item under the cursor is" },
  definition = { vim.lsp.buf.definition, "Go to the node's definition" },
  references = { vim.lsp.buf.references, "List every place the node's ID is written" },
  rename = { vim.lsp.buf.rename, "Rename the node under the cursor" },
  code_action = { vim.lsp.buf.code_action, "Quick fixes for the diagnostics on this line" },
  format = { format, "Format the buffer" },
  diagnostic_float = { vim.diagnostic.open_float, "Show the diagnostics of this line" },
  diagnostic_prev = { vim.diagnostic.goto_prev, "Previous diagnostic" },
  diagnostic_next = { vim.diagnostic.goto_next, "Next diagnostic" },
}

-- The mapleader spelt out, because mapcheck() does not expand <leader>.
local function expand_leader(lhs)
  local leader = vim.g.mapleader
  if leader == nil or leader == "" then
    leader = "\\"
  end
  return (lhs:gsub("<[Ll]eader>", function()
    return leader
  end))
end

--- Whether a normal-mode mapping of `lhs` would clash with one that exists: the same key,
--- a prefix of it, or a longer key starting with it, buffer-local or global.
function M.is_taken(bufnr, lhs)
  return vim.api.nvim_buf_call(bufnr, function()
    return vim.fn.mapcheck(expand_leader(lhs), "n") ~= ""
  end)
end

--- Maps the keys in buffer `bufnr`; `keys` is setup()'s option (nil: the defaults).
--- Returns the actions mapped, by name, for tests and :map listings.
function M.attach(bufnr, keys)
  local mapped = {}
  if keys == false then
    return mapped
  end
  for name, default in pairs(M.defaults) do
    local lhs = default
    if type(keys) == "table" and keys[name] ~= nil then
      lhs = keys[name]
    end
    if lhs and lhs ~= "" and not M.is_taken(bufnr, lhs) then
      local action = M.actions[name]
      vim.keymap.set("n", lhs, action[1], { buffer = bufnr, silent = true, desc = "bracket: " .. action[2] })
      mapped[name] = lhs
    end
  end
  return mapped
end

--- <C-x><C-o> completes from the server, unless the buffer already has an omnifunc.
function M.set_omnifunc(bufnr)
  if vim.bo[bufnr].omnifunc == "" then
    vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
  end
end

return M
