-- Indentation by brace depth: scan the lines above once, left to right, skipping
-- strings and comments, so nested trees of any depth cost no recursion.
local M = {}

-- Net brace change of one line, ignoring braces inside labels and comments.
local function brace_delta(line)
  local delta, in_string, i = 0, false, 1
  while i <= #line do
    local c = line:sub(i, i)
    if in_string then
      if c == "\\" then
        i = i + 1
      elseif c == '"' then
        in_string = false
      end
    elseif c == '"' then
      in_string = true
    elseif c == "#" then
      break
    elseif c == "{" then
      delta = delta + 1
    elseif c == "}" then
      delta = delta - 1
    end
    i = i + 1
  end
  return delta
end
M.brace_delta = brace_delta

function M.indent(lnum)
  local depth = 0
  for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, lnum - 1, false)) do
    depth = math.max(0, depth + brace_delta(line))
  end
  local current = vim.fn.getline(lnum)
  -- A line that starts by closing a block lines up with the block's opener.
  local closers = current:match("^%s*(}+)")
  if closers then
    depth = depth - #closers
  end
  return math.max(0, depth) * vim.fn.shiftwidth()
end

return M
