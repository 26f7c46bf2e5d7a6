import BracketModel
import BracketSyntax

/// Why a rename was refused, with a message fit to show the user as is.
public struct RenameError: Error, Hashable, Sendable {
    public var message: String
}

/// The ID token under `offset`, the range a rename would replace; nil where nothing can be renamed.
public func prepareRename(at offset: Int, in document: Document) -> ByteRange? {
    let diagram = document.diagram()
    guard let index = nodeIndex(at: offset, in: diagram) else { return nil }
    return diagram.nodes[index].idRange
}

/// Renames the ID under `offset` everywhere it is written. Refuses an invalid new ID and one
/// another node already uses, since either would change the tree's meaning (a merge or an error).
public func rename(at offset: Int, to newID: String, in document: Document) -> Result<[TextEdit], RenameError> {
    let diagram = document.diagram()
    guard let index = nodeIndex(at: offset, in: diagram) else {
        return .failure(RenameError(message: "There is no node ID here to rename."))
    }
    let oldID = diagram.nodes[index].id
    guard isValidID(newID) else {
        return .failure(RenameError(message:
            "'\(newID)' is not a valid ID: use letters, digits and '_', then also '.' or '-'."))
    }
    if newID == oldID { return .success([]) }
    if diagram.nodes.contains(where: { $0.id == newID }) {
        return .failure(RenameError(message: "'\(newID)' is already the ID of another node; IDs must be unique."))
    }
    let edits = occurrences(of: oldID, in: diagram).map { TextEdit(range: $0, replacement: newID) }
    return .success(edits)
}
