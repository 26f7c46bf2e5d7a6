;;; bracket-mode.el --- Major mode for .bracket tree diagrams  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages

;;; Commentary:

;; Editing support for `.bracket' files: highlighting, comments, indentation by
;; brace depth, and the bracket language server through eglot (diagnostics,
;; completion, rename, formatting...).  `bracket-preview' shows the rendered
;; diagram in a side window and refreshes it as you type; `bracket-render'
;; writes it to an SVG file; `bracket-open-browser-preview' opens the server's
;; live preview page in a browser (useful in a terminal Emacs without SVG).

;;; Code:

(require 'cl-lib)
(require 'subr-x)

(defvar eglot-server-programs)
(declare-function eglot-current-server "eglot" ())
(declare-function eglot--TextDocumentIdentifier "eglot" ())
(declare-function eglot--signal-textDocument/didChange "eglot" ())
(declare-function eglot--pos-to-lsp-position "eglot" (&optional pos))
(declare-function jsonrpc-request "jsonrpc" (connection method params &rest args))
(declare-function jsonrpc-async-request "jsonrpc" (connection method params &rest args))
(declare-function jsonrpc-notify "jsonrpc" (connection method params))

(defgroup bracket nil
  "Editing .bracket tree diagrams."
  :group 'languages
  :prefix "bracket-")

(defcustom bracket-indent-offset 2
  "Columns of indentation per open brace."
  :type 'integer)

(defcustom bracket-preview-idle-delay 0.3
  "Seconds of idle time after an edit before the preview is refreshed."
  :type 'number)

;;;; Syntax

(defvar bracket-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?{ "(}" table)
    (modify-syntax-entry ?} "){" table)
    ;; IDs may contain `_', `.', `-'; setting keys start with `@'.
    (dolist (char '(?_ ?. ?- ?@))
      (modify-syntax-entry char "_" table))
    table)
  "Syntax table for `bracket-mode'.")

(defface bracket-brace-face
  '((t :inherit font-lock-keyword-face))
  "Face for the braces that open and close a node's children.")

(defconst bracket--escape-regexp
  "\\\\\\(?:[\\\\\"nt]\\|u{[0-9A-Fa-f]\\{1,6\\}}\\)"
  "Escapes the language accepts inside labels.")

(defun bracket--match-in-string (regexp limit)
  "Search for REGEXP up to LIMIT, only accepting matches inside a string."
  (let (found)
    (while (and (not found) (re-search-forward regexp limit t))
      (when (nth 3 (save-excursion (syntax-ppss (match-beginning 0))))
        (setq found t)))
    found))

(defun bracket--match-escape (limit)
  "Font-lock matcher for valid escapes before LIMIT."
  (bracket--match-in-string bracket--escape-regexp limit))

(defun bracket--match-bad-escape (limit)
  "Font-lock matcher for backslashes that start no valid escape, before LIMIT."
  (let (found)
    (while (and (not found) (bracket--match-in-string "\\\\." limit))
      (unless (save-excursion
                (goto-char (match-beginning 0))
                (looking-at bracket--escape-regexp))
        (setq found t)))
    found))

(defconst bracket-font-lock-keywords
  `(("^[ \t]*\\(@[A-Za-z0-9_-]*\\)" 1 font-lock-preprocessor-face)
    ("^[ \t]*@[A-Za-z0-9_-]*[ \t]+\\(right\\|left\\|top\\|bottom\\|depth\\|leaves\\)\\_>"
     1 font-lock-constant-face)
    ("[{}]" . 'bracket-brace-face)
    ("\\_<[A-Za-z0-9_][A-Za-z0-9_.-]*\\_>" . font-lock-variable-name-face)
    (bracket--match-escape 0 font-lock-constant-face prepend)
    (bracket--match-bad-escape 0 font-lock-warning-face prepend))
  "Highlighting for `bracket-mode'.
Strings and comments come from the syntax table.")

;;;; Indentation

(defun bracket--indentation-for-line ()
  "Indentation of the current line from the brace depth at its start.
`syntax-ppss' scans forward once, so deep trees cost no recursion."
  (save-excursion
    (beginning-of-line)
    (let ((depth (car (syntax-ppss))))
      (skip-chars-forward " \t")
      ;; A line that opens with `}' closes a level: line it up with its opener.
      (while (eq (char-after) ?})
        (setq depth (1- depth))
        (forward-char)
        (skip-chars-forward " \t"))
      (* (max depth 0) bracket-indent-offset))))

(defun bracket-indent-line ()
  "Indent the current line by brace depth."
  (interactive)
  (let ((target (bracket--indentation-for-line))
        (offset (- (current-column) (current-indentation))))
    (indent-line-to target)
    (when (> offset 0) (move-to-column (+ target offset)))))

;;;; Mode

;;;###autoload
(define-derived-mode bracket-mode prog-mode "Bracket"
  "Major mode for editing .bracket tree diagrams."
  :syntax-table bracket-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local indent-line-function #'bracket-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local electric-indent-chars (append "{}" electric-indent-chars))
  (setq-local font-lock-defaults '(bracket-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.bracket\\'" . bracket-mode))

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(bracket-mode . ("bracket" "lsp"))))

;;;; Talking to the server

(defun bracket--server ()
  "The eglot connection managing this buffer, or signal a user error."
  (or (and (fboundp 'eglot-current-server) (eglot-current-server))
      (user-error "No bracket language server here: run M-x eglot first")))

(defun bracket--document-params ()
  "Params naming this buffer's document, after flushing pending edits.
eglot sends didChange from an idle timer; requests must see the latest text."
  (eglot--signal-textDocument/didChange)
  (list :textDocument (eglot--TextDocumentIdentifier)))

(defun bracket--default-svg-file ()
  "The buffer's file name with its extension replaced by .svg."
  (concat (file-name-sans-extension (or buffer-file-name (buffer-name))) ".svg"))

;;;###autoload
(defun bracket-render (file)
  "Write the current diagram as SVG to FILE."
  (interactive (list (read-file-name "Write SVG to: " nil nil nil
                                     (file-name-nondirectory (bracket--default-svg-file)))))
  (let* ((result (jsonrpc-request (bracket--server) :bracket/preview (bracket--document-params)))
         (svg (plist-get result :svg)))
    (unless (stringp svg) (error "Server returned no SVG"))
    (let ((coding-system-for-write 'utf-8-unix))
      (with-temp-file file (insert svg)))
    (message "Wrote %s" file)
    file))

;;;###autoload
(defun bracket-open-browser-preview ()
  "Open the server's live preview page (loopback HTTP) in a browser."
  (interactive)
  (let* ((result (jsonrpc-request (bracket--server) :bracket/openPreview (bracket--document-params)))
         (url (plist-get result :url)))
    (unless (stringp url) (error "Server returned no preview URL"))
    (message "Bracket preview: %s" url)
    (browse-url url)
    url))

;;;; In-Emacs preview

(defvar-local bracket--preview-buffer nil
  "The side-window buffer showing this document's preview.")
(defvar-local bracket--preview-timer nil
  "Pending idle timer for the next preview refresh.")

(defun bracket--show-svg (preview svg)
  "Replace the contents of PREVIEW with the image for SVG."
  (when (buffer-live-p preview)
    (with-current-buffer preview
      (let ((inhibit-read-only t))
        (erase-buffer)
        (if (image-type-available-p 'svg)
            (insert-image (create-image svg 'svg t))
          (insert "This Emacs cannot display SVG.\n"
                  "Use M-x bracket-open-browser-preview or M-x bracket-render.\n"))
        (goto-char (point-min))))))

(defun bracket-preview-refresh ()
  "Ask the server for a fresh rendering and show it in the preview window."
  (interactive)
  (setq bracket--preview-timer nil)
  (when (and (buffer-live-p bracket--preview-buffer) (eglot-current-server))
    (let ((preview bracket--preview-buffer))
      (jsonrpc-async-request
       (eglot-current-server) :bracket/preview (bracket--document-params)
       :success-fn (lambda (result)
                     (when-let ((svg (plist-get result :svg)))
                       (bracket--show-svg preview svg)))
       :error-fn (lambda (err) (message "Bracket preview failed: %S" err))))))

(defun bracket--schedule-refresh (&rest _)
  "Refresh the preview once typing pauses (after-change hook)."
  (when (timerp bracket--preview-timer) (cancel-timer bracket--preview-timer))
  (let ((source (current-buffer)))
    (setq bracket--preview-timer
          (run-with-idle-timer bracket-preview-idle-delay nil
                               (lambda ()
                                 (when (buffer-live-p source)
                                   (with-current-buffer source (bracket-preview-refresh))))))))

;;;###autoload
(defun bracket-preview ()
  "Show the diagram in a side window, refreshed after each change."
  (interactive)
  (bracket--server)
  (let ((preview (get-buffer-create (format "*bracket-preview: %s*" (buffer-name)))))
    (with-current-buffer preview (special-mode))
    (setq bracket--preview-buffer preview)
    (add-hook 'after-change-functions #'bracket--schedule-refresh nil t)
    (display-buffer-in-side-window preview '((side . right) (window-width . 0.45)))
    (bracket-preview-refresh)))

;;;; Cursor highlighting in the browser preview

(defvar-local bracket--last-cursor nil
  "The last position sent with bracket/cursorMoved.")

(defun bracket--send-cursor ()
  "Tell the server where point is, so an open preview highlights that card."
  (when-let ((server (and (derived-mode-p 'bracket-mode) (eglot-current-server))))
    (let ((position (eglot--pos-to-lsp-position)))
      (unless (equal position bracket--last-cursor)
        (setq bracket--last-cursor position)
        (jsonrpc-notify server :bracket/cursorMoved
                        (list :textDocument (eglot--TextDocumentIdentifier)
                              :position position))))))

(defvar bracket--cursor-timer nil
  "Global idle timer that reports point to the server.")

;;;###autoload
(define-minor-mode bracket-cursor-sync-mode
  "Report point to the bracket server so the browser preview follows the cursor."
  :global t
  (when (timerp bracket--cursor-timer) (cancel-timer bracket--cursor-timer))
  (setq bracket--cursor-timer
        (and bracket-cursor-sync-mode
             (run-with-idle-timer 0.15 t #'bracket--send-cursor))))

(provide 'bracket-mode)
;;; bracket-mode.el ends here
