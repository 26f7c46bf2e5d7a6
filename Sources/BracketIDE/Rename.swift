import BracketModel
import BracketSyntax

/// Why a rename was refused, with a message fit to show the user as is.
public struct RenameError: Error, Hashable, Sendable {
    public var message: String
}

/// The ID token under `offset`, exactly the range a rename replaces; nil where nothing can be renamed.
public func prepareRename(at offset: Int, in document: Document) -> ByteRange? {
    let diagram = document.diagram()
    guard let index = nodeIndex(at: offset, in: diagram) else { return nil }
    return diagram.nodes[index].idRange
}

/// Renames the node under `offset`: one edit, over its ID token. An ID is a definition, not a
/// reference (nothing in the language refers to a node by its ID), so two nodes written with the
/// same ID are two definitions that clash, and renaming one of them is how the clash is
/// resolved; renaming both would keep it. Refuses an invalid new ID and one another node
/// already uses, since either would change the tree's meaning (a merge or an error).
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
    guard newID.utf8.count <= Limits.idBytes else {
        return .failure(RenameError(message: "'\(newID.prefix(40))…' is longer than the \(Limits.idBytes)-byte ID limit."))
    }
    if newID == oldID { return .success([]) }
    // The ID column alone: building whole rows would copy two strings per node.
    if diagram.nodes.ids.contains(newID) {
        return .failure(RenameError(message: "'\(newID)' is already the ID of another node; IDs must be unique."))
    }
    return .success([TextEdit(range: diagram.nodes[index].idRange, replacement: newID)])
}
