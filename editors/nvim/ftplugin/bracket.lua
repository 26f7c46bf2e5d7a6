-- Buffer-local settings for .bracket files, then start (or join) the language server.
if vim.b.did_ftplugin then
  return
end
vim.b.did_ftplugin = 1

vim.bo.commentstring = "# %s"
vim.bo.comments = ":#"
vim.bo.shiftwidth = 2
vim.bo.softtabstop = 2
vim.bo.expandtab = true
vim.b.undo_ftplugin = "setlocal commentstring< comments< shiftwidth< softtabstop< expandtab<"

-- Folds follow the server's folding ranges (lua/bracket/folding.lua); they start open unless
-- the user chose 'foldlevelstart'.
if require("bracket").config().folding then
  vim.cmd("setlocal foldmethod=expr foldexpr=v:lua.require'bracket.folding'.foldexpr(v:lnum)")
  if vim.o.foldlevelstart == -1 then
    vim.cmd("setlocal foldlevel=99")
  end
  vim.b.undo_ftplugin = vim.b.undo_ftplugin .. " foldmethod< foldexpr< foldlevel<"
end

require("bracket").attach(vim.api.nvim_get_current_buf())
