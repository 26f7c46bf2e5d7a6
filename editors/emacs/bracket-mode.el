;;; bracket-mode.el --- Major mode for .bracket tree diagrams  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages

;;; Commentary:

;; Editing support for `.bracket' files: highlighting, comments, indentation by
;; brace depth, folding (`hs-minor-mode'), and the bracket language server
;; through eglot (diagnostics, shown at point through eldoc, completion, rename,
;; formatting...).  `bracket-preview' shows the rendered
;; diagram in a side window and refreshes it as you type; `bracket-render'
;; writes it to an SVG file; `bracket-open-browser-preview' opens the server's
;; live preview page in a browser (useful in a terminal Emacs without SVG).

;;; Code:

(require 'cl-lib)
(require 'subr-x)

;; Only eglot's public API (nothing named `eglot--'): its internals change between
;; releases.  Where eglot 1.9 (Emacs 28) has no public function, the code below does the
;; job itself (URIs, positions) or goes through jsonrpc's public calls.
(defvar eglot-server-programs)
(defvar eglot-send-changes-idle-time)
(defvar eglot-current-linepos-function)   ; eglot 1.12+
(defvar eglot-move-to-linepos-function)   ; eglot 1.12+
(defvar eglot-current-column-function)    ; eglot 1.9-1.11
(defvar eglot-move-to-column-function)    ; eglot 1.9-1.11
(defvar url-path-allowed-chars)
(defvar eldoc-documentation-functions)
(declare-function eglot-current-server "eglot" ())
(declare-function eglot-managed-p "eglot" ())
(declare-function flymake-diagnostics "flymake" (&optional beg end))
(declare-function flymake-diagnostic-text "flymake" (diag))
(declare-function eglot-path-to-uri "eglot" (path &rest args))
(declare-function eglot-uri-to-path "eglot" (uri))
(declare-function jsonrpc-async-request "jsonrpc" (connection method params &rest args))
(declare-function jsonrpc-notify "jsonrpc" (connection method params))
(declare-function jsonrpc-connection-ready-p "jsonrpc" (connection what))
(declare-function url-hexify-string "url-util" (string &optional allowed-chars))
(declare-function url-unhex-string "url-util" (str &optional allow-newlines))
(declare-function url-filename "url-parse" (cl-x))
(declare-function url-type "url-parse" (cl-x))
(declare-function url-generic-parse-url "url-parse" (url))

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

(defcustom bracket-request-idle-timeout 10
  "Seconds of idle time without an answer before a request is reported.
Idle time, because a request waits for eglot to send the pending edits,
which eglot does only when typing pauses."
  :type 'number)

(defcustom bracket-hide-show t
  "Whether `bracket-mode' turns on `hs-minor-mode' to fold blocks.
Its usual keys then fold: `C-c @ C-c' toggles the block at point,
`C-c @ C-M-h' hides every block, `C-c @ C-M-s' shows them again."
  :type 'boolean)

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
  (setq-local font-lock-defaults '(bracket-font-lock-keywords))
  ;; Blocks are `{ ... }' (and `[ ... ]' lists): hideshow's defaults find them
  ;; from the syntax table, and `#' comments from `comment-start-skip'.
  (when bracket-hide-show (hs-minor-mode 1)))

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

(defun bracket--uri (&optional file)
  "The LSP URI of FILE (default: the buffer's file), spelt as eglot spells it.
The server keys documents by URI string, so this must match what eglot sent
in didOpen: eglot 1.16+ exports `eglot-path-to-uri'; older releases do the
same as below (the true name, percent-encoded, `:' encoded too)."
  (let ((file (or file buffer-file-name)))
    (if (fboundp 'eglot-path-to-uri)
        (eglot-path-to-uri file)
      (require 'url-util)
      (let ((allowed (copy-sequence url-path-allowed-chars))
            (truename (file-truename file)))
        (aset allowed ?: nil)
        (concat "file://"
                (and (eq system-type 'windows-nt) (not (file-remote-p truename)) "/")
                (url-hexify-string (directory-file-name (file-local-name truename)) allowed))))))

(defun bracket--uri-to-file (uri)
  "The local file name that URI names, or nil for a URI that is not file:."
  (if (fboundp 'eglot-uri-to-path)
      (eglot-uri-to-path uri)
    (require 'url-parse)
    (require 'url-util)
    (let ((url (url-generic-parse-url uri)))
      (when (equal (url-type url) "file")
        (let ((path (decode-coding-string (url-unhex-string (url-filename url)) 'utf-8-unix)))
          (if (and (eq system-type 'windows-nt) (string-prefix-p "/" path))
              (substring path 1)
            path))))))

(defun bracket--document-params ()
  "Params naming this buffer's document."
  (list :textDocument (list :uri (bracket--uri))))

(defun bracket--utf-16-column ()
  "UTF-16 code units from the start of the line to point (LSP's default)."
  (/ (length (encode-coding-region (line-beginning-position) (point) 'utf-16le t)) 2))

(defun bracket--move-to-utf-16-column (column)
  "Move to the UTF-16 code unit COLUMN of the current line (or its end)."
  (let ((goal column))
    (while (and (> goal 0) (not (eolp)))
      (setq goal (- goal (if (>= (char-after) #x10000) 2 1)))
      (forward-char 1))))

(defun bracket--linepos-function (kind)
  "eglot's function for KIND (`current' or `move-to') in the negotiated encoding.
eglot sets these per buffer from the server's positionEncoding; the variables
were renamed in eglot 1.12.  Falls back to UTF-16, LSP's default."
  (let ((new (if (eq kind 'current) 'eglot-current-linepos-function 'eglot-move-to-linepos-function))
        (old (if (eq kind 'current) 'eglot-current-column-function 'eglot-move-to-column-function)))
    (cond ((boundp new) (symbol-value new))
          ((boundp old) (symbol-value old))
          ((eq kind 'current) #'bracket--utf-16-column)
          (t #'bracket--move-to-utf-16-column))))

(defun bracket--lsp-position (&optional pos)
  "The LSP position {line, character} of POS (default point)."
  (save-excursion
    (save-restriction
      (widen)
      (when pos (goto-char pos))
      (list :line (1- (line-number-at-pos nil t))
            :character (funcall (bracket--linepos-function 'current))))))

(defun bracket--lsp-position-to-point (position)
  "The buffer position of the LSP POSITION {line, character}."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (forward-line (max 0 (or (plist-get position :line) 0)))
      (let ((character (plist-get position :character))
            (tab-width 1))
        (when (and (not (eobp)) (natnump character) (> character 0))
          (funcall (bracket--linepos-function 'move-to) character)))
      (point))))

(defvar-local bracket--unanswered nil
  "Per request key, the newest request of this buffer not answered yet:
\=(KEY TOKEN . WATCHDOG), WATCHDOG the idle timer that reports it unanswered.")

(defun bracket--settle (key token)
  "Forget the unanswered request KEY if TOKEN is still its newest; return t if so.
A nil TOKEN forgets it whatever it is (a newer request replaces it)."
  (let ((entry (assq key bracket--unanswered)))
    (when (and entry (or (null token) (eq (cadr entry) token)))
      (when (timerp (cddr entry)) (cancel-timer (cddr entry)))
      (setq bracket--unanswered (delq entry bracket--unanswered))
      t)))

(defun bracket--request (method on-result &optional key)
  "Send request METHOD for this buffer's document; call ON-RESULT with the answer.
The request is deferred (jsonrpc's `:deferred') until eglot has sent the
buffer's pending edits, which it does from an idle timer, so the answer is
always about the text on screen.  A newer request with the same KEY (default
METHOD) replaces one still deferred: only the newest is sent.

jsonrpc's own timeout is off: it counts from the first of the replaced
requests, and its timer outlives the request it was made for, so it would
report as timed out a request that was answered.  Instead one idle timer per
KEY, restarted by each request and stopped by its answer, reports the newest
request when the server has had `bracket-request-idle-timeout' seconds of
idle time to answer it and has not."
  (let* ((server (bracket--server))
         (source (current-buffer))
         (key (or key method))
         (token (list key))
         (watchdog (run-with-idle-timer
                    bracket-request-idle-timeout nil
                    (lambda ()
                      (when (and (buffer-live-p source)
                                 (with-current-buffer source (bracket--settle key token)))
                        (message "bracket: no answer to %s after %s s" method
                                 bracket-request-idle-timeout))))))
    (bracket--settle key nil)
    (push (cons key (cons token watchdog)) bracket--unanswered)
    (jsonrpc-async-request
     server method (bracket--document-params)
     :deferred key
     :timeout nil
     :success-fn (lambda (result)
                   (when (buffer-live-p source)
                     (with-current-buffer source
                       (bracket--settle key token)
                       (funcall on-result result))))
     :error-fn (lambda (err)
                 (when (buffer-live-p source)
                   (with-current-buffer source (bracket--settle key token)))
                 (message "bracket: %s failed: %s" method
                          (or (and (listp err) (plist-get err :message)) err))))
    nil))

(defun bracket--default-svg-file ()
  "The buffer's file name with its extension replaced by .svg."
  (concat (file-name-sans-extension (or buffer-file-name (buffer-name))) ".svg"))

;;;###autoload
(defun bracket-render (file)
  "Write the current diagram as SVG to FILE.
The file is written when the server answers (after pending edits are sent)."
  (interactive (list (read-file-name "Write SVG to: " nil nil nil
                                     (file-name-nondirectory (bracket--default-svg-file)))))
  (let ((file (expand-file-name file)))
    (bracket--request
     :bracket/preview
     (lambda (result)
       (let ((svg (plist-get result :svg)))
         (if (not (stringp svg))
             (message "bracket: the server returned no SVG")
           (let ((coding-system-for-write 'utf-8-unix))
             (with-temp-file file (insert svg)))
           (message "Wrote %s" file))))
     'bracket-render)))

;;;###autoload
(defun bracket-open-browser-preview ()
  "Open the server's live preview page (loopback HTTP) in a browser.
Clicking a card there moves point to its node (`bracket/reveal')."
  (interactive)
  (bracket--request
   :bracket/openPreview
   (lambda (result)
     (let ((url (plist-get result :url)))
       (if (not (stringp url))
           (message "bracket: the server returned no preview URL")
         (message "Bracket preview: %s" url)
         (browse-url url))))))

;;;; Revealing a node clicked in the browser preview

(defun bracket--reveal (uri selection)
  "Show URI's buffer and put point at the start of SELECTION (an LSP range)."
  (let* ((start (and (consp selection) (plist-get selection :start)))
         (file (and (stringp uri) (consp start) (bracket--uri-to-file uri)))
         (buffer (and file (file-readable-p file) (find-file-noselect file))))
    (when buffer
      (pop-to-buffer buffer)
      (goto-char (bracket--lsp-position-to-point start))
      (when (display-graphic-p)
        (ignore-errors (select-frame-set-input-focus (selected-frame)))))))

;; eglot 1.9 answers `window/showDocument' with nil and advertises no support for
;; it, so the server sends this notification instead (docs/protocol.md).  It is
;; handled from a timer, outside the process filter that received it.
(with-eval-after-load 'eglot
  (cl-defmethod eglot-handle-notification
    (_server (_method (eql bracket/reveal)) &key uri selection &allow-other-keys)
    "Handle the bracket server's bracket/reveal: a card was clicked."
    (run-at-time 0 nil #'bracket--reveal uri selection)))

;;;; In-Emacs preview

(defvar-local bracket--preview-buffer nil
  "The side-window buffer showing this document's preview.")
(defvar-local bracket--preview-timer nil
  "Pending idle timer for the next preview refresh.")

(defun bracket--can-show-svg ()
  "Whether the selected frame can display SVG images."
  (and (display-images-p) (image-type-available-p 'svg)))

(defun bracket--show-svg (preview svg)
  "Replace the contents of PREVIEW with the image for SVG."
  (when (buffer-live-p preview)
    (with-current-buffer preview
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert-image (create-image svg 'svg t))
        (goto-char (point-min))))))

(defun bracket-preview-refresh ()
  "Ask the server for a fresh rendering and show it in the preview window."
  (interactive)
  (setq bracket--preview-timer nil)
  (when (and (buffer-live-p bracket--preview-buffer) (eglot-current-server))
    (let ((preview bracket--preview-buffer))
      (bracket--request :bracket/preview
                        (lambda (result)
                          (when-let ((svg (plist-get result :svg)))
                            (bracket--show-svg preview svg)))
                        'bracket-preview))))

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
  "Show the diagram in a side window, refreshed after each change.
A frame that cannot display SVG (a terminal) gets the browser preview
instead (`bracket-open-browser-preview'): it asks for no picture it cannot show."
  (interactive)
  (bracket--server)
  (if (not (bracket--can-show-svg))
      (progn
        (message "bracket: this frame cannot display SVG; opening the browser preview")
        (bracket-open-browser-preview))
    (bracket--open-preview-window)))

(defun bracket--open-preview-window ()
  "Show the preview side window and refresh it after each change."
  (let ((preview (get-buffer-create (format "*bracket-preview: %s*" (buffer-name)))))
    (with-current-buffer preview (special-mode))
    (setq bracket--preview-buffer preview)
    (add-hook 'after-change-functions #'bracket--schedule-refresh nil t)
    (display-buffer-in-side-window preview '((side . right) (window-width . 0.45)))
    (bracket-preview-refresh)))

;;;; Diagnostics at point

(defun bracket--diagnostic-eldoc (&rest _)
  "The messages of the flymake diagnostics at point, or else on its line.
A member of `eldoc-documentation-functions', so the echo area shows what
is wrong where point is, also in a terminal where the diagnostic is only
an underline."
  (when (bound-and-true-p flymake-mode)
    (let ((diagnostics (or (flymake-diagnostics (point))
                           (flymake-diagnostics (line-beginning-position) (line-end-position)))))
      (when diagnostics
        (mapconcat #'flymake-diagnostic-text diagnostics "\n")))))

(defun bracket--show-diagnostics-at-point ()
  "Put the diagnostic messages first in eldoc when eglot manages a bracket buffer.
Eglot sets `eldoc-documentation-functions' when it starts managing a
buffer, so this runs from `eglot-managed-mode-hook'.  Flymake's own
`flymake-eldoc-function' comes last, after the hover text, which can push
it out of a one-line echo area, and says nothing unless point is on the
diagnostic itself; this one replaces it."
  (when (and (derived-mode-p 'bracket-mode) (eglot-managed-p))
    (remove-hook 'eldoc-documentation-functions 'flymake-eldoc-function t)
    (add-hook 'eldoc-documentation-functions #'bracket--diagnostic-eldoc nil t)))

(defun bracket--drop-flymake-eldoc ()
  "Keep `flymake-eldoc-function' out of a bracket buffer that shows its own.
Flymake adds it when `flymake-mode' starts, which eglot may do after its hook."
  (when (and (derived-mode-p 'bracket-mode)
             (memq #'bracket--diagnostic-eldoc eldoc-documentation-functions))
    (remove-hook 'eldoc-documentation-functions 'flymake-eldoc-function t)))

(with-eval-after-load 'flymake
  (add-hook 'flymake-mode-hook #'bracket--drop-flymake-eldoc))

(with-eval-after-load 'eglot
  (add-hook 'eglot-managed-mode-hook #'bracket--show-diagnostics-at-point))

;;;; Cursor highlighting in the browser preview

(defvar-local bracket--last-cursor nil
  "The last position sent with bracket/cursorMoved.")

(defvar bracket--cursor-retry-timer nil
  "One-shot idle timer that reports point again once eglot has sent pending edits.")

(defun bracket--send-cursor ()
  "Tell the server where point is, so an open preview highlights that card.
A position is only meaningful in the text the server has: while eglot still
holds edits back, try again after it has sent them."
  (when-let ((server (and (derived-mode-p 'bracket-mode) (eglot-current-server))))
    (if (not (jsonrpc-connection-ready-p server :bracket/cursorMoved))
        (unless (timerp bracket--cursor-retry-timer)
          (setq bracket--cursor-retry-timer
                (run-with-idle-timer
                 (time-add (or (current-idle-time) 0)
                           (+ (or (bound-and-true-p eglot-send-changes-idle-time) 0.5) 0.1))
                 nil (lambda ()
                       (setq bracket--cursor-retry-timer nil)
                       (bracket--send-cursor)))))
      (let ((position (bracket--lsp-position)))
        (unless (equal position bracket--last-cursor)
          (setq bracket--last-cursor position)
          (jsonrpc-notify server :bracket/cursorMoved
                          (list :textDocument (list :uri (bracket--uri))
                                :position position)))))))

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
