import BracketJSON
import BracketMCP
import BracketModel
import BracketSyntax
import JSONRPC
import Testing

/// Sends one request through a session and reads its answer back as JSON.
private func answer(_ session: MCPSession, _ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
    let answer = session.handle(.request(id: .int(1), method: method, params: params))
    let bytes = try #require(answer)
    return try JSONReader().parse(bytes)
}

private func call(_ tool: String, _ arguments: JSONValue) throws -> JSONValue {
    let session = MCPSession(serverVersion: "0.1.0")
    return try answer(session, "tools/call", ["name": .string(tool), "arguments": arguments])
}

@Suite struct MCPSessionTests {
    @Test func initializeNegotiatesTheRequestedRevisionOrTheNewest() throws {
        let session = MCPSession(serverVersion: "9.9.9")
        let known = try answer(session, "initialize", ["protocolVersion": "2025-06-18", "capabilities": [:]])
        #expect(known["result"]?["protocolVersion"]?.stringValue == "2025-06-18")
        #expect(known["result"]?["serverInfo"]?["name"]?.stringValue == "bracket")
        #expect(known["result"]?["serverInfo"]?["version"]?.stringValue == "9.9.9")
        #expect(known["result"]?["capabilities"]?["tools"] != nil)
        let unknown = try answer(session, "initialize", ["protocolVersion": "1999-01-01"])
        #expect(unknown["result"]?["protocolVersion"]?.stringValue == MCPSession.protocolVersions[0])
    }

    @Test func pingUnknownMethodsAndNotifications() throws {
        let session = MCPSession(serverVersion: "0")
        #expect(try answer(session, "ping")["result"] == .object([:]))
        #expect(try answer(session, "resources/list")["error"]?["code"]?.intValue == ResponseError.methodNotFound)
        #expect(session.handle(.notification(method: "notifications/initialized", params: nil)) == nil)
        #expect(try call("no-such-tool", [:])["error"]?["code"]?.intValue == ResponseError.invalidParams)
    }

    @Test func toolsListHasEveryToolWithSchemas() throws {
        let session = MCPSession(serverVersion: "0")
        let tools = try #require(answer(session, "tools/list")["result"]?["tools"])
        guard case .array(let listed) = tools else { Issue.record("tools is not an array"); return }
        #expect(listed.map { $0["name"]?.stringValue } == MCPTool.allCases.map(\.rawValue))
        for tool in listed { #expect(tool["inputSchema"]?["type"]?.stringValue == "object") }
        // Every layout flag of `bracket render` is an option of the render tool.
        let render = try #require(listed.first { $0["name"]?.stringValue == "render" })
        for spec in SettingSpec.all {
            guard let flag = spec.cliFlag else { continue }
            #expect(render["inputSchema"]?["properties"]?[String(flag.dropFirst(2))] != nil, "missing \(flag)")
        }
    }

    @Test func checkReportsPositionsCodesAndFixes() throws {
        let result = try #require(call("check", ["text": "1 { 2 2 }\n"])["result"])
        #expect(result["isError"]?.boolValue == false)
        let first = try #require(result["structuredContent"]?["diagnostics"]?[0])
        #expect(first["code"]?.stringValue == "duplicate-id")
        #expect(first["line"]?.intValue == 1)
        #expect(first["column"]?.intValue == 7)
        #expect(first["fixes"]?[0]?["edits"]?[0]?["newText"]?.stringValue == "3")
        #expect(result["structuredContent"]?["errors"]?.intValue == 1)
    }

    @Test func renderDrawsTextAndRefusesErrors() throws {
        let text = try call("render", ["text": "f { a b }\n", "format": "text", "root": "left", "ascii": true])
        let drawing = try #require(text["result"]?["content"]?[0]?["text"]?.stringValue)
        #expect(drawing.contains("a") && drawing.allSatisfy(\.isASCII))
        let svg = try call("render", ["text": "f { a b }\n", "title": "Final"])
        #expect(svg["result"]?["content"]?[0]?["text"]?.stringValue?.hasPrefix("<svg") == true)
        let refused = try call("render", ["text": "1 { 2 2 }\n"])
        #expect(refused["result"]?["isError"]?.boolValue == true)
        #expect(refused["result"]?["content"]?[0]?["text"]?.stringValue?.contains("[duplicate-id]") == true)
        let badOption = try call("render", ["text": "f\n", "root": "sideways"])
        #expect(badOption["result"]?["isError"]?.boolValue == true)
    }

    @Test func geometryIsTheGeometryJSON() throws {
        let result = try #require(call("geometry", ["text": "f { a b }\n"])["result"])
        #expect(result["structuredContent"]?["nodes"]?[2]?["id"]?.stringValue == "b")
    }
}

@Suite struct DiagnosticExplanationTests {
    /// Every code has prose, and its examples are true: `before` reports the code, `after` does not.
    @Test(arguments: DiagnosticCode.allCases)
    func everyCodeIsExplainedByExamplesThatHold(_ code: DiagnosticCode) throws {
        let explanation = code.explanation
        #expect(!explanation.meaning.isEmpty && !explanation.fix.isEmpty)
        let before = Document(text: Array(explanation.before.utf8)).diagnostics.map(\.code)
        let after = Document(text: Array(explanation.after.utf8)).diagnostics.map(\.code)
        #expect(before.contains(code), "before: \(before)")
        #expect(!after.contains(code), "after: \(after)")
        let result = try #require(call("explain", ["code": .string(code.rawValue)])["result"])
        #expect(result["structuredContent"]?["before"]?.stringValue == explanation.before)
    }
}
