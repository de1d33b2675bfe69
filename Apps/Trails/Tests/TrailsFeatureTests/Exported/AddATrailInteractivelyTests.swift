// Exported by `conformance export-test` from
// Fixtures/recordings/trails/add-a-trail-interactively.json.
//
// One `send` (an event the user sent) or `receive` (an effect's) a step, with the state
// change the recording holds; the dependencies answer as recorded, on a test clock moved
// to each step's recorded time. A step whose behaviour changed fails at its line: if the
// change is meant, export the test again from a new recording.

import LoopContracts
import LoopRecording
import LoopTesting
import Testing
import TrailsContract
import TrailsFeature

struct AddATrailInteractivelyTests {
  @Test func replaysAsRecorded() async throws {
    let recording = try Trails.recordingReplay.recording(decoding: Self.recording)
    let recorded = recording.steps
    let clock = TestClock()
    // The recording ended while the effect of `watch` (generation 1) ran, as
    // the app's store ends it: not exhaustive, so that the test can end there too. Each
    // step's event and the fields it changes are checked.
    let store = TestStore(
      initial: recording.initialState,
      machine: Trails.recordingReplay.machine(answering: recording, on: clock), clock: clock,
      exhaustivity: .off)

    // Step 1, at 1.170 ms: sent by the effect of feedback `restore` (generation 0).
    await clock.advance(to: .init(offset: .microseconds(1170)))
    await store.receive(recorded[0].event) {
      $0.persistence = recorded[0].state.persistence
    }

    // Step 2, at 960.898 ms: sent by the user.
    await clock.advance(to: .init(offset: .microseconds(960898)))
    await store.send(.show(.region("silver-coast"))) {
      $0.explorePath = [.region("silver-coast")]
    }

    // Step 3, at 1267.442 ms: sent by the user.
    await clock.advance(to: .init(offset: .microseconds(1_267_442)))
    await store.send(.show(.trail("gull-point-loop"))) {
      $0.explorePath = [.region("silver-coast"), .trail("gull-point-loop")]
      $0.trailForecast = recorded[2].state.trailForecast
    }

    // Step 4, at 1268.798 ms: sent by the effect of feedback `trailForecast` (generation 0).
    await clock.advance(to: .init(offset: .microseconds(1_268_798)))
    await store.receive(recorded[3].event) {
      $0.trailForecast = recorded[3].state.trailForecast
    }

    // Step 5, at 1874.948 ms: sent by the user.
    await clock.advance(to: .init(offset: .microseconds(1_874_948)))
    await store.send(.edit(.add(trailID: "gull-point-loop", day: 1))) {
      $0.plan = recorded[4].state.plan
      $0.changeCount = 1
      $0.totals = recorded[4].state.totals
      $0.persistence = recorded[4].state.persistence
      $0.forecasts = recorded[4].state.forecasts
    }

    // Step 6, at 1876.975 ms: sent by the effect of feedback `forecast` (generation 0).
    await clock.advance(to: .init(offset: .microseconds(1_876_975)))
    await store.receive(recorded[5].event) {
      $0.forecasts = recorded[5].state.forecasts
    }

    // Step 7, at 2376.660 ms: sent by the effect of feedback `save` (generation 0).
    await clock.advance(to: .init(offset: .microseconds(2_376_660)))
    await store.receive(recorded[6].event) {
      $0.persistence = recorded[6].state.persistence
    }

    // Step 8, at 2378.449 ms: sent by the effect of feedback `write` (generation 0).
    await clock.advance(to: .init(offset: .microseconds(2_378_449)))
    await store.receive(recorded[7].event) {
      $0.persistence = recorded[7].state.persistence
    }

    await store.settle()
  }

  /// The recording, as version 2 lines: the first state, and the calls the doubles answer.
  static let recording = #"""
    {"app":"trails","format":"loop-recording","initial_state":{"catalog":{"bundled":["cinder-corrie","driftwood-headland","fern-gully-track","frostpine-saddle","glacier-view-balcony","gorge-of-echoes","gull-point-loop","heather-burn-walk","hermits-chapel-climb","kauri-giants-walk","lantern-cliffs-traverse","larch-meadow-circuit","lavender-terraces","olive-press-path","red-scar-ridge","sound-lookout-ridge","summit-of-crows","tidepool-steps","windmill-crest"]},"explorePath":[],"forecasts":[],"persistence":{"restoring":{"queuedEdits":[]}},"plan":{"days":[],"start":"2026-12-01"},"planPath":[],"revision":0,"tab":"explore","totals":{"ascentM":0,"distanceKm":0}},"settings":{"save_quiet_window_ms":500,"watch_interval_ms":500},"version":2}
    {"step":{"at_ms":1.17,"event":{"restored":{}},"origin":{"feedback":{"generation":0,"name":"restore"}},"patch":[{"op":"remove","path":"/persistence/restoring"},{"op":"add","path":"/persistence/ready","value":{"_0":{"stored":{"plan":{"days":[],"start":"2026-12-01"},"revision":0},"unsavedEdits":[]}}}]}}
    {"step":{"at_ms":960.898,"event":{"show":{"_0":{"region":{"_0":"silver-coast"}}}},"origin":{"user":{}},"patch":[{"op":"add","path":"/explorePath/-","value":{"region":{"_0":"silver-coast"}}}]}}
    {"step":{"at_ms":1267.442,"event":{"show":{"_0":{"trail":{"_0":"gull-point-loop"}}}},"origin":{"user":{}},"patch":[{"op":"add","path":"/explorePath/-","value":{"trail":{"_0":"gull-point-loop"}}},{"op":"add","path":"/trailForecast","value":{"status":{"loading":{}},"trailID":"gull-point-loop"}}]}}
    {"step":{"at_ms":1268.798,"event":{"trailForecastLoaded":{"_1":{"daily":{"precipitation_sum":[4.2,12.8,0,1.1,6.5,18.3,2.4],"temperature_2m_max":[11.2,10.4,9.8,12.1,11.6,10.9,10.2],"temperature_2m_min":[6.1,5.3,4.9,7,6.8,5.5,5],"time":["2026-12-01","2026-12-02","2026-12-03","2026-12-04","2026-12-05","2026-12-06","2026-12-07"],"weather_code":[61,63,3,2,80,65,51]}},"trailID":"gull-point-loop"}},"origin":{"feedback":{"generation":0,"name":"trailForecast"}},"state":{"catalog":{"bundled":["cinder-corrie","driftwood-headland","fern-gully-track","frostpine-saddle","glacier-view-balcony","gorge-of-echoes","gull-point-loop","heather-burn-walk","hermits-chapel-climb","kauri-giants-walk","lantern-cliffs-traverse","larch-meadow-circuit","lavender-terraces","olive-press-path","red-scar-ridge","sound-lookout-ridge","summit-of-crows","tidepool-steps","windmill-crest"]},"explorePath":[{"region":{"_0":"silver-coast"}},{"trail":{"_0":"gull-point-loop"}}],"forecasts":[],"persistence":{"ready":{"_0":{"stored":{"plan":{"days":[],"start":"2026-12-01"},"revision":0},"unsavedEdits":[]}}},"plan":{"days":[],"start":"2026-12-01"},"planPath":[],"revision":0,"tab":"explore","totals":{"ascentM":0,"distanceKm":0},"trailForecast":{"status":{"loaded":{"_0":{"daily":{"precipitation_sum":[4.2,12.8,0,1.1,6.5,18.3,2.4],"temperature_2m_max":[11.2,10.4,9.8,12.1,11.6,10.9,10.2],"temperature_2m_min":[6.1,5.3,4.9,7,6.8,5.5,5],"time":["2026-12-01","2026-12-02","2026-12-03","2026-12-04","2026-12-05","2026-12-06","2026-12-07"],"weather_code":[61,63,3,2,80,65,51]}}}},"trailID":"gull-point-loop"}}}}
    {"step":{"at_ms":1874.948,"event":{"edit":{"_0":{"add":{"day":1,"trailID":"gull-point-loop"}}}},"origin":{"user":{}},"patch":[{"op":"add","path":"/forecasts/-","value":{"day":1,"trailID":"gull-point-loop"}},{"op":"add","path":"/forecasts/-","value":{"loading":{}}},{"op":"add","path":"/persistence/ready/_0/unsavedEdits/-","value":{"add":{"day":1,"trailID":"gull-point-loop"}}},{"op":"add","path":"/plan/days/-","value":{"number":1,"trailIDs":["gull-point-loop"]}},{"op":"replace","path":"/revision","value":1},{"op":"replace","path":"/totals/ascentM","value":120},{"op":"replace","path":"/totals/distanceKm","value":6.4}]}}
    {"step":{"at_ms":1876.975,"event":{"forecastLoaded":{"_0":{"day":1,"trailID":"gull-point-loop"},"_1":{"daily":{"$ref":"5/step/event/trailForecastLoaded/_1/daily"}}}},"origin":{"feedback":{"generation":0,"name":"forecast"}},"patch":[{"op":"remove","path":"/forecasts/1/loading"},{"op":"add","path":"/forecasts/1/loaded","value":{"_0":{"daily":{"$ref":"5/step/event/trailForecastLoaded/_1/daily"}}}}]}}
    {"step":{"at_ms":2376.66,"event":{"writeDue":{"_0":{"edits":[{"add":{"day":1,"trailID":"gull-point-loop"}}],"fallback":{"days":[],"start":"2026-12-01"}}}},"origin":{"feedback":{"generation":0,"name":"save"}},"patch":[{"op":"remove","path":"/persistence/ready/_0/unsavedEdits/0"},{"op":"add","path":"/persistence/ready/_0/writing","value":{"edits":[{"add":{"day":1,"trailID":"gull-point-loop"}}],"fallback":{"days":[],"start":"2026-12-01"}}}]}}
    {"step":{"at_ms":2378.449,"event":{"written":{"_0":{"edits":[{"add":{"day":1,"trailID":"gull-point-loop"}}],"fallback":{"days":[],"start":"2026-12-01"}},"rejected":[],"stored":{"plan":{"days":[{"number":1,"trailIDs":["gull-point-loop"]}],"start":"2026-12-01"},"revision":1}}},"origin":{"feedback":{"generation":0,"name":"write"}},"state":{"catalog":{"bundled":["cinder-corrie","driftwood-headland","fern-gully-track","frostpine-saddle","glacier-view-balcony","gorge-of-echoes","gull-point-loop","heather-burn-walk","hermits-chapel-climb","kauri-giants-walk","lantern-cliffs-traverse","larch-meadow-circuit","lavender-terraces","olive-press-path","red-scar-ridge","sound-lookout-ridge","summit-of-crows","tidepool-steps","windmill-crest"]},"explorePath":[{"region":{"_0":"silver-coast"}},{"trail":{"_0":"gull-point-loop"}}],"forecasts":[{"day":1,"trailID":"gull-point-loop"},{"loaded":{"_0":{"daily":{"precipitation_sum":[4.2,12.8,0,1.1,6.5,18.3,2.4],"temperature_2m_max":[11.2,10.4,9.8,12.1,11.6,10.9,10.2],"temperature_2m_min":[6.1,5.3,4.9,7,6.8,5.5,5],"time":["2026-12-01","2026-12-02","2026-12-03","2026-12-04","2026-12-05","2026-12-06","2026-12-07"],"weather_code":[61,63,3,2,80,65,51]}}}}],"persistence":{"ready":{"_0":{"stored":{"plan":{"days":[{"number":1,"trailIDs":["gull-point-loop"]}],"start":"2026-12-01"},"revision":1},"unsavedEdits":[]}}},"plan":{"days":[{"number":1,"trailIDs":["gull-point-loop"]}],"start":"2026-12-01"},"planPath":[],"revision":1,"tab":"explore","totals":{"ascentM":120,"distanceKm":6.4},"trailForecast":{"status":{"loaded":{"_0":{"daily":{"precipitation_sum":[4.2,12.8,0,1.1,6.5,18.3,2.4],"temperature_2m_max":[11.2,10.4,9.8,12.1,11.6,10.9,10.2],"temperature_2m_min":[6.1,5.3,4.9,7,6.8,5.5,5],"time":["2026-12-01","2026-12-02","2026-12-03","2026-12-04","2026-12-05","2026-12-06","2026-12-07"],"weather_code":[61,63,3,2,80,65,51]}}}},"trailID":"gull-point-loop"}}}}
    {"call":{"by":{"feedback":{"generation":0,"name":"restore"}},"call":{"load":{"outcome":{"returned":{"_0":null}}}},"ended_at_ms":0.909,"started_at_ms":0.793}}
    {"call":{"by":{"feedback":{"generation":0,"name":"watch"}},"call":{"revision":{"outcome":{"returned":{"_0":0}}}},"ended_at_ms":501.631,"started_at_ms":501.534}}
    {"call":{"by":{"feedback":{"generation":0,"name":"watch"}},"call":{"revision":{"outcome":{"returned":{"_0":0}}}},"ended_at_ms":1001.911,"started_at_ms":1001.811}}
    {"call":{"by":{"feedback":{"generation":0,"name":"trailForecast"}},"call":{"forecast":{"at":{"latitude":44.6231,"longitude":-124.0612},"outcome":{"returned":{"_0":{"daily":{"$ref":"5/step/event/trailForecastLoaded/_1/daily"}}}}}},"ended_at_ms":1268.702,"started_at_ms":1267.798}}
    {"call":{"by":{"feedback":{"generation":0,"name":"watch"}},"call":{"revision":{"outcome":{"returned":{"_0":0}}}},"ended_at_ms":1502.415,"started_at_ms":1502.311}}
    {"call":{"by":{"feedback":{"generation":0,"name":"forecast"}},"call":{"forecast":{"$ref":"13/call/call/forecast"}},"ended_at_ms":1876.892,"started_at_ms":1876.154}}
    {"call":{"by":{"feedback":{"generation":0,"name":"watch"}},"call":{"revision":{"outcome":{"returned":{"_0":0}}}},"ended_at_ms":2002.731,"started_at_ms":2002.644}}
    {"call":{"by":{"feedback":{"generation":0,"name":"write"}},"call":{"update":{"outcome":{"returned":{"_0":{"plan":{"days":[{"number":1,"trailIDs":["gull-point-loop"]}],"start":"2026-12-01"},"revision":1}}}}},"ended_at_ms":2378.285,"started_at_ms":2376.833}}
    {"call":{"by":{"feedback":{"generation":1,"name":"watch"}},"call":{"revision":{"outcome":{"returned":{"_0":1}}}},"ended_at_ms":2879.572,"started_at_ms":2879.474}}
    {"call":{"by":{"feedback":{"generation":1,"name":"watch"}},"call":{"revision":{"outcome":{"returned":{"_0":1}}}},"ended_at_ms":3379.889,"started_at_ms":3379.79}}
    {"effect":{"origin":{"feedback":{"generation":0,"name":"restore"}},"started_at_ms":0.525}}
    {"effect_end":{"ended_at_ms":1,"origin":{"feedback":{"generation":0,"name":"restore"}},"outcome":"completed"}}
    {"effect":{"origin":{"feedback":{"generation":0,"name":"watch"}},"started_at_ms":1.182}}
    {"effect_end":{"ended_at_ms":2377.636,"origin":{"feedback":{"generation":0,"name":"watch"}},"outcome":"cancelled"}}
    {"effect":{"origin":{"feedback":{"generation":0,"name":"trailForecast"}},"started_at_ms":1267.565}}
    {"effect_end":{"ended_at_ms":1268.844,"origin":{"feedback":{"generation":0,"name":"trailForecast"}},"outcome":"completed"}}
    {"effect":{"origin":{"feedback":{"generation":0,"name":"save"}},"started_at_ms":1874.975}}
    {"effect_end":{"ended_at_ms":2376.749,"origin":{"feedback":{"generation":0,"name":"save"}},"outcome":"completed"}}
    {"effect":{"origin":{"feedback":{"generation":0,"name":"forecast"}},"started_at_ms":1874.979}}
    {"effect_end":{"ended_at_ms":1877.072,"origin":{"feedback":{"generation":0,"name":"forecast"}},"outcome":"completed"}}
    {"effect":{"origin":{"feedback":{"generation":0,"name":"write"}},"started_at_ms":2376.706}}
    {"effect_end":{"ended_at_ms":2378.541,"origin":{"feedback":{"generation":0,"name":"write"}},"outcome":"completed"}}
    {"effect":{"origin":{"feedback":{"generation":1,"name":"watch"}},"started_at_ms":2378.527}}
    {"end":{"at_ms":2378.449,"reason":"finished"}}
    """#
}
