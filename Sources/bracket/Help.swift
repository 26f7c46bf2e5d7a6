/// Usage texts, one per subcommand, kept together so they read consistently.
enum Help {
    private static let layoutFlags = """
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

    """

    static let main = """
    bracket: tree diagrams from .bracket files

    Usage:
      bracket check [--format text|json] FILE...
      bracket render [LAYOUT FLAGS] [-o OUT.svg] FILE
      bracket geometry [LAYOUT FLAGS] [-o OUT.json] FILE
      bracket export --format dot [LAYOUT FLAGS] [-o OUT.dot] FILE
      bracket lsp [--stdio]
      bracket --version

    FILE may be - to read standard input. Run 'bracket SUBCOMMAND --help' for details.
    Exit status: 0 success, 1 the input has errors, 2 bad usage or unreadable file.

    """

    static let lsp = """
    Usage: bracket lsp [--stdio]

    Runs the language server, speaking LSP 3.17 over standard input and output (--stdio is the
    default and only transport). Exit status 0 after shutdown and exit, 1 otherwise.

    """

    static let check = """
    Usage: bracket check [--format text|json] FILE...

    Reports every problem in the files, one per line as FILE:LINE:COL: severity: message [code]
    (or, with --format json, one JSON document). A summary goes to stderr when there are problems.
    Exit status 1 if any file has an error, else 0.

    """

    static let render = """
    Usage: bracket render [LAYOUT FLAGS] [-o OUT.svg] FILE

    Writes the diagram as a standalone SVG (to stdout unless -o is given). A file with errors
    still gets a picture of what parsed; its diagnostics go to stderr and the status is 1.

    """ + layoutFlags

    static let geometry = """
    Usage: bracket geometry [LAYOUT FLAGS] [-o OUT.json] FILE

    Writes the laid-out diagram as geometry JSON: card centres and connector points in content
    coordinates, ID ranges as 0-based line/UTF-16 character positions.

    """ + layoutFlags

    static let export = """
    Usage: bracket export --format dot [LAYOUT FLAGS] [-o OUT.dot] FILE

    Writes the tree in Graphviz DOT.

    """ + layoutFlags
}
