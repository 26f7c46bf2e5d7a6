" .bracket files are tree diagrams for the bracket language server.
autocmd BufRead,BufNewFile *.bracket setfiletype bracket
