import ReadingModel

/// The lock files of a club's syncs, in bookclub's state folder: named by the club's id,
/// which is used only when it is a UUID (a hostile id could name a file anywhere).
enum ClubLock {
  /// `<state>/<kind>-<club id>.lock`.
  ///
  /// - Throws: ``ClubError/invalidID(_:source:)`` when the club's id is not a UUID.
  static func path(_ kind: String, of membership: ClubMembership, environment: [String: String])
    throws -> String
  {
    let id = try ClubID.checked(
      membership.clubID, from: "Your library's record of “\(membership.name)”")
    return UserFolder.state.path(environment: environment) + "/\(kind)-\(id).lock"
  }
}
