import TrailsModel

extension Trails {
  /// Where keeping the plan between launches stands: each case holds only what is true in it.
  ///
  /// At launch the saved plan is being read (``restoring(queuedEdits:)``); then it was read
  /// (``ready(_:)``, with the stored plan, the edits not yet written, the write in flight and
  /// the last failure) or it could not be (``restoreFailed(_:)``, and nothing is ever
  /// written, so what the database holds is not overwritten).
  public enum Persistence: Hashable, Sendable, Codable {
    /// The saved plan is being read; the edits made meanwhile wait, in order, and apply once
    /// it arrives.
    case restoring(queuedEdits: [PlanEdit])
    /// The saved plan could not be read, for this reason: edits apply in memory only.
    case restoreFailed(String)
    /// The saved plan was read: the plan is saved after changes.
    case ready(Ready)

    /// The database's plan as far as the planner knows, with what is on its way to the database.
    ///
    /// The planner's plan is always ``stored`` with the edits of ``writing`` and
    /// ``unsavedEdits`` applied on top, in order: when the database's plan changes (a write of
    /// ours, or another process's), the edits not yet written are applied again to it.
    public struct Ready: Hashable, Sendable, Codable {
      /// The plan the database holds, with its revision: the one restored (or the launch plan
      /// at revision 0, from an empty database), then the one each write returned or another
      /// process stored.
      public var stored: StoredPlan
      /// Edits applied to the plan and not yet written, in order.
      public var unsavedEdits: [PlanEdit]
      /// The write in flight, if any.
      public var writing: PendingWrite?
      /// The last write's failure, until a write succeeds or nothing of ours is left
      /// unwritten.
      public var failure: SaveFailure?

      /// The database's plan with nothing on its way to it.
      ///
      /// - Parameters:
      ///   - stored: The plan the database holds.
      ///   - unsavedEdits: Edits not yet written; none by default.
      ///   - writing: The write in flight; none by default.
      ///   - failure: The last write's failure; none by default.
      public init(
        stored: StoredPlan, unsavedEdits: [PlanEdit] = [], writing: PendingWrite? = nil,
        failure: SaveFailure? = nil
      ) {
        self.stored = stored
        self.unsavedEdits = unsavedEdits
        self.writing = writing
        self.failure = failure
      }

      /// Whether the database holds the plan as it is now: nothing unwritten, nothing in flight,
      /// and the stored plan needs no tidying.
      public var isSaved: Bool {
        unsavedEdits.isEmpty && writing == nil && stored.plan == stored.plan.normalized()
      }

      /// The edits waiting for the quiet window, when no write is in flight and they are not
      /// the ones that just failed; `nil` when there is nothing to write.
      public var pendingWrite: PendingWrite? {
        guard writing == nil, !isSaved, unsavedEdits != failure?.edits else { return nil }
        return PendingWrite(edits: unsavedEdits, fallback: stored.plan)
      }

      /// The stored plan, tidied, with the unwritten edits applied again in order; an edit
      /// that no longer applies is dropped, and the last such edit's problem returned.
      ///
      /// A failed write's edits count as changed once one of them is dropped: the next write
      /// may try the rest.
      ///
      /// - Parameter catalog: Every trail, to check the edits' ids.
      /// - Returns: The plan the planner shows now, and the problem of a dropped edit.
      mutating func rebase(in catalog: TrailCatalog) -> (plan: Plan, rejection: Problem?) {
        var rebased = stored.plan.normalized()
        var kept: [PlanEdit] = []
        var rejection: Problem?
        for edit in unsavedEdits {
          switch edit.applied(to: rebased, in: catalog) {
          case .success(let edited):
            rebased = edited
            kept.append(edit)
          case .failure(let problem):
            rejection = problem
          }
        }
        if kept != unsavedEdits { failure?.edits = nil }
        unsavedEdits = kept
        // Nothing of ours is left unwritten: an earlier failure no longer stands.
        if isSaved { failure = nil }
        return (rebased, rejection)
      }
    }

    /// Why the last write failed, and its edits while they wait unchanged.
    public struct SaveFailure: Hashable, Sendable, Codable {
      /// The database's error, as the user reads it.
      public var message: String
      /// The edits the failed write carried and that now wait again, until the plan changes
      /// (then `nil`): not retried before.
      public var edits: [PlanEdit]?

      /// A failure of a write of `edits`.
      ///
      /// - Parameters:
      ///   - message: The database's error.
      ///   - edits: The edits waiting again, or `nil` once they changed.
      public init(message: String, edits: [PlanEdit]?) {
        self.message = message
        self.edits = edits
      }
    }

    /// The stored plan and what is on its way to the database, once the saved plan was read.
    public var ready: Ready? {
      guard case .ready(let ready) = self else { return nil }
      return ready
    }

    /// Whether the saved plan is still being read.
    public var isRestoring: Bool {
      if case .restoring = self { return true }
      return false
    }

    /// Why the saved plan could not be read, if it could not.
    public var restoreError: String? {
      guard case .restoreFailed(let message) = self else { return nil }
      return message
    }

    /// Why the last write failed, until a write succeeds.
    public var saveError: String? {
      ready?.failure?.message
    }
  }
}
