import BracketJSON
import JSONRPC
import LanguageServerProtocol

// The one table of the methods the server answers. Adding a request is four steps
// (ARCHITECTURE.md, "Adding a request"): its type in LanguageServerProtocol, its handler
// registered here, its capability in Features/Capabilities.swift, its test.

extension LanguageServer {
    static let dispatcher: Dispatcher = {
        var on = Dispatcher()

        // Lifecycle
        on.request(InitializeRequest.self) { server, request in server.initialize(request) }
        on.request(ShutdownRequest.self) { server, _ in
            server.lifecycle = .shutDown
            return VoidResponse()
        }
        on.notification(InitializedNotification.self) { _, _ in }
        on.notification(SetTraceNotification.self) { _, _ in }

        // Document synchronisation
        on.notification(DidOpenTextDocumentNotification.self) { server, notification in server.didOpen(notification) }
        on.notification(DidChangeTextDocumentNotification.self) { server, notification in try server.didChange(notification) }
        on.notification(DidCloseTextDocumentNotification.self) { server, notification in server.didClose(notification) }
        on.notification(DidSaveTextDocumentNotification.self) { _, _ in }  // full text on change: nothing new
        on.notification(DidChangeConfigurationNotification.self) { server, notification in
            server.didChangeConfiguration(notification)
        }

        // Preview (bracket's own methods, docs/protocol.md)
        on.documentRequest(PreviewRequest.self) { server, context, _ in RawJSON(try server.previewResult(context)) }
        on.documentRequest(SubscribePreviewRequest.self) { server, context, request in
            server.subscribePreview(uri: context.uri, delta: request.delta, runs: request.runs)
            return VoidResponse()
        }
        on.documentRequest(UnsubscribePreviewRequest.self) { server, context, _ in
            server.unsubscribePreview(uri: context.uri)
            return VoidResponse()
        }
        on.documentRequest(OpenPreviewRequest.self) { server, context, _ in try server.openPreview(context) }
        on.notification(CursorMovedNotification.self) { server, notification in server.cursorMoved(notification) }

        // Editing features (Features/, over BracketIDE)
        on.documentRequest(DocumentSymbolRequest.self) { server, context, _ in server.documentSymbols(context) }
        on.documentRequest(HoverRequest.self) { server, context, request in server.hover(context, at: request.position) }
        on.documentRequest(DefinitionRequest.self) { server, context, request in
            server.definition(context, at: request.position)
        }
        on.documentRequest(ReferencesRequest.self) { server, context, request in
            server.references(context, at: request.position, includeDeclaration: request.includeDeclaration)
        }
        on.documentRequest(DocumentHighlightRequest.self) { server, context, request in
            server.highlights(context, at: request.position)
        }
        on.documentRequest(PrepareRenameRequest.self) { server, context, request in
            server.prepareRename(context, at: request.position)
        }
        on.documentRequest(RenameRequest.self) { server, context, request in
            try server.rename(context, at: request.position, to: request.newName)
        }
        on.documentRequest(FormattingRequest.self) { server, context, _ in server.formatting(context) }
        on.documentRequest(FoldingRangeRequest.self) { server, context, _ in server.foldingRanges(context) }
        on.documentRequest(SelectionRangeRequest.self) { server, context, request in
            try server.selectionRanges(context, at: request.positions)
        }
        on.documentRequest(SemanticTokensFullRequest.self) { server, context, _ in server.fullSemanticTokens(context) }
        on.documentRequest(SemanticTokensDeltaRequest.self) { server, context, request in
            server.semanticTokensDelta(context, since: request.previousResultId)
        }
        on.documentRequest(SemanticTokensRangeRequest.self) { server, context, request in
            server.semanticTokens(context, range: request.range)
        }
        on.documentRequest(CompletionRequest.self) { server, context, request in
            server.completion(context, at: request.position)
        }
        on.documentRequest(CodeActionRequest.self) { server, context, request in
            try server.codeActions(context, range: request.range, request: request.context)
        }
        on.request(ExecuteCommandRequest.self) { server, request in try server.executeCommand(request) }
        return on
    }()
}
