package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.registration.DraService;
import dev.gpudra.kit.slices.FieldSelectors;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How the kubelet stand-in behaves.
 *
 * @param registrarDir the directory watched for {@code *-reg.sock} files
 * @param nodeName the node it stands in for
 * @param services the DRA services it can call (all by default; only v1beta1 to test that path)
 * @param selectors whether the API server filters ResourceSlices by {@code spec.nodeName}
 * @param clock stamps the node's Ready condition
 */
public record StandInConfig(
    Path registrarDir,
    String nodeName,
    Set<DraService> services,
    FieldSelectors selectors,
    Clock clock) {
  public StandInConfig {
    registrarDir = Objects.requireNonNull(registrarDir, "registrarDir").toAbsolutePath();
    Objects.requireNonNull(nodeName, "nodeName");
    services = Set.copyOf(services);
    Objects.requireNonNull(selectors, "selectors");
    Objects.requireNonNull(clock, "clock");
  }

  /** Both DRA services, client-side filtering (what the local API server needs). */
  public static StandInConfig of(Path registrarDir, String nodeName) {
    return new StandInConfig(
        registrarDir,
        nodeName,
        EnumSet.allOf(DraService.class),
        FieldSelectors.CLIENT_SIDE,
        Clock.systemUTC());
  }

  public StandInConfig withServices(Set<DraService> value) {
    return new StandInConfig(registrarDir, nodeName, value, selectors, clock);
  }

  /** Filter ResourceSlices by node on the server (a real API server) or in the client. */
  public StandInConfig withSelectors(FieldSelectors value) {
    return new StandInConfig(registrarDir, nodeName, services, value, clock);
  }
}
