" Syntax highlighting for .bracket tree diagrams (regex-based; the language server
" reports the real errors as diagnostics, this only colours what is obvious locally).
if exists('b:current_syntax')
  finish
endif

" Anything that can never appear in a .bracket file outside strings and comments.
syntax match bracketError /[^ \t\r\n{}#"@A-Za-z0-9_.-]/
syntax match bracketBrace /[{}]/
syntax match bracketId /\<[A-Za-z0-9_][A-Za-z0-9_.-]*/
" `@key value`: the key, then the known keyword values (numbers are plain IDs/words).
syntax match bracketSetting /@[A-Za-z0-9_-]*/ nextgroup=bracketSettingValue skipwhite
syntax keyword bracketSettingValue right left top bottom depth leaves contained

syntax match bracketEscape /\\[\\"nt]/ contained
syntax match bracketEscape /\\u{\x\{1,6}}/ contained
syntax match bracketBadEscape /\\\([\\"nt]\|u{\x\{1,6}}\)\@!./ contained
syntax region bracketString start=/"/ skip=/\\\\\|\\"/ end=/"/ oneline contains=bracketEscape,bracketBadEscape
" Defined after the region so it wins where a label never closes on its line.
syntax match bracketUnterminated /"\([^"\\]\|\\.\)*$/ contains=bracketEscape,bracketBadEscape

syntax keyword bracketTodo TODO FIXME XXX NOTE contained
syntax match bracketComment /#.*$/ contains=bracketTodo,@Spell

highlight default link bracketComment Comment
highlight default link bracketTodo Todo
highlight default link bracketSetting PreProc
highlight default link bracketSettingValue Constant
highlight default link bracketId Identifier
highlight default link bracketString String
highlight default link bracketEscape SpecialChar
highlight default link bracketBadEscape Error
highlight default link bracketUnterminated Error
highlight default link bracketBrace Delimiter
highlight default link bracketError Error

let b:current_syntax = 'bracket'
