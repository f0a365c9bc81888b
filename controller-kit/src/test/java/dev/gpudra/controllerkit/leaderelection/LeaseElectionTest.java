package dev.gpudra.controllerkit.leaderelection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LeaseElectionTest {
  @Test
  @DisplayName("0 < retry < renew < lease, or refused with the three durations")
  void timings() {
    assertThat(LeaseElection.defaults("l", "ns").leaseDuration()).isEqualTo(Duration.ofSeconds(15));
    assertThatThrownBy(() ->
            new LeaseElection(
                "l", "ns", Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(2)))
        .hasMessageContaining("renew deadline (PT10S) < lease duration (PT10S)");
    assertThatThrownBy(() -> LeaseElection.defaults(" ", "ns"))
        .hasMessageContaining("lease name and namespace");
  }

  @Test
  @DisplayName("the denial says which verbs, on which Lease, and what to grant")
  void deniedMessage() {
    var denied =
        new AccessVerdict.Denied(List.of("create", "patch"), LeaseElection.defaults("l", "ns"));
    assertThat(denied.message())
        .contains("denies this process's service account create, patch on leases")
        .contains("Lease \"l\" in namespace \"ns\"")
        .contains("grant get, create and patch");
  }
}
