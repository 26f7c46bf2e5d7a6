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

require("bracket").attach(vim.api.nvim_get_current_buf())
