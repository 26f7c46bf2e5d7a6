import BracketMCP

/// Usage texts, one per subcommand, kept together so they read consistently.
enum Help {
    private static let mcpLineLimitText = "\(mcpMaxLineBytes / (1 << 20)) MiB"

    // Each block starts with the blank line that separates it from the text before.
    private static let layoutFlags = "\n" + """
      Layout defaults (a file's own @ settings win):
        --root right|left|top|bottom   side the root sits on (default right)
        --align depth|leaves           leaves by depth, or all leaves in one column
        --card-width N                 card width in points (default 132)
        --card-height N                card height (default 44)
        --level-gap N                  gap between depth levels (default 64)
        --leaf-gap N                   gap between neighbouring leaves (default 28)
        --margin N                     margin around the picture (default 24)
        --max-card-width N             widest a card grows to fit its label (default 240)
        --max-lines N                  most lines of a label before "…" (default 3)
        --fit auto|fixed               cards fit their labels, or keep the card size
        --label-align center|start     label lines centred, or from the card's left edge
        --title TEXT                   the title drawn above the picture and its accessible name

    """

    private static let outputFlags = "\n" + """
      Output:
        -o, --output OUT               write OUT instead of stdout; OUT is replaced only once the
                                       whole output is written (never half-written, never the input)
        --color auto|always|never      colour the diagnostics on stderr, and text output on
                                       stdout (auto: only on a terminal, and not when NO_COLOR
                                       is set)

    """

    static let main = """
    bracket: tree diagrams from .bracket files

    Usage:
      bracket check [--format text|json] [--color WHEN] FILE...
      bracket render [--format svg|png|pdf|text] [--scale N] [LAYOUT FLAGS] [-o OUT] FILE
      bracket geometry [LAYOUT FLAGS] [-o OUT.json] FILE
      bracket export [--format dot] [LAYOUT FLAGS] [-o OUT.dot] FILE
      bracket preview [--port N] [--open] [LAYOUT FLAGS] FILE
      bracket lsp [--stdio]
      bracket mcp
      bracket --version

    FILE may be - to read standard input (not for preview). A FILE must be a regular file of at
    most 64 MiB; a device, FIFO, socket or directory is refused (use - for a stream). Run
    'bracket SUBCOMMAND --help' for details.
    Exit status: 0 success, 1 the input has errors, 2 bad usage or a failed read or write.

    """

    static let lsp = """
    Usage: bracket lsp [--stdio]

    Runs the language server, speaking LSP 3.17 over standard input and output (--stdio is the
    default and only transport). Exit status 0 after shutdown and exit, 1 otherwise.

    """

    static let mcp = """
    Usage: bracket mcp

    Runs a Model Context Protocol server for coding agents over standard input and output (one
    JSON-RPC message per line), until standard input closes. Its tools: check (a document's
    diagnostics with their fixes), render (SVG or text, with the layout options render takes),
    geometry (the geometry JSON) and explain (what a diagnostic code means, with a before and
    after). A message line is at most \(mcpLineLimitText); a longer one is refused with an error
    and the server keeps serving. Register it in an MCP client as the command `bracket` with the
    argument `mcp`.

    """

    static let check = """
    Usage: bracket check [--format text|json] [--color auto|always|never] FILE...

    Reports every problem in the files. The text form gives each as FILE:LINE:COL: severity:
    message [code] (COL counts bytes), then the source line with ^~~~ under the range, then
    each related place as a note: line with its own excerpt. --format json writes one JSON
    document instead (schema/diagnostics.schema.json). Past 100 diagnostics of one code in a
    file the text form counts the rest on one line; the JSON has every one. A summary goes to
    stderr when there are problems.

      --color auto|always|never   colour the text form (auto: only when stdout is a terminal,
                                  and not when NO_COLOR is set or TERM is dumb)

    Exit status 1 if any file has an error, 0 if there are none (warnings alone are 0), 2 if a
    file cannot be read or the output cannot be written.

    """

    static let render = """
    Usage: bracket render [--format svg|png|pdf|text] [--scale N] [LAYOUT FLAGS] [-o OUT] FILE

    Writes the diagram as a standalone SVG, PNG or PDF, or as text for terminals and plain-text
    documents (to stdout unless -o is given). A file with errors still gets a picture of what
    parsed; its diagnostics go to stderr and the status is 1.

      --format svg|png|pdf|text
                              the picture's format (txt is text too); without it, -o's
                              extension (.svg, .png, .pdf, .txt) decides, and SVG otherwise
      --scale N               PNG pixels per SVG point, or the PDF page's zoom (default 1;
                              2 for sharp screens)
      --width N               text: the columns labels wrap within (default: the terminal's
                              width on a terminal, else 80)
      --ascii                 text: draw with - | + only, for places that mangle Unicode
      --id-prefix NAME        svg: the SVG's own ids are NAME-title and NAME-desc (default
                              bracket), so several pictures inline in one page stay unique
      --max-nodes N           draw nothing when the diagram has more than N nodes: one line
                              on stderr says how many, and the status is 2

    Text output draws connectors with box-drawing characters and marks a match's winner (or
    a bye's entrant) with ▶ (* with --ascii); "To be decided" is a slot still open. Wide
    characters take two columns. It is coloured (winners bold, open slots dim) only as --color
    says: on a terminal by default.

    PNG and PDF are made by rsvg-convert, which must be on PATH (Debian and Ubuntu package
    librsvg2-bin, Homebrew librsvg); without it the status is 2. rsvg-convert draws colour
    emoji (flags, 🏆) in monochrome, so a picture that shows them is made by headless Chromium
    when one is on PATH (chromium, chromium-browser, google-chrome; BRACKET_CHROMIUM names
    another, or none when empty) and it is at most 16384 pixels across and down, else by
    rsvg-convert with a one-line warning. They are not
    written to a terminal: give -o or redirect stdout.

    """ + outputFlags + layoutFlags

    static let geometry = """
    Usage: bracket geometry [LAYOUT FLAGS] [-o OUT.json] FILE

    Writes the laid-out diagram as geometry JSON (schema/geometry.schema.json): card centres
    and connector points in content coordinates, ID ranges as 0-based line/UTF-16 character
    positions.

    """ + outputFlags + layoutFlags

    static let export = """
    Usage: bracket export [--format dot] [LAYOUT FLAGS] [-o OUT.dot] FILE

    Writes the tree in Graphviz DOT, the default and only export format (for pictures, see
    bracket render).

    """ + outputFlags + layoutFlags

    static let preview = """
    Usage: bracket preview [--port N] [--open] [LAYOUT FLAGS] FILE

    Serves a live preview of FILE to a browser, from 127.0.0.1 only and at a URL with an
    unguessable token, which it prints. Every save of FILE shows in the page at once; while
    the file has errors the page keeps the last good picture and shows an error badge. When
    FILE is deleted (or renamed away) the command says so and waits for it to come back; when
    something else takes its place (a FIFO, a device, a directory, a file past the 64 MiB
    limit) it says so once and shows the next save of a regular file. Ctrl-C stops it.

      --port N    listen on this port (default: any free port)
      --open      open the URL in the default browser (xdg-open, or open on macOS)

    """ + layoutFlags
}
