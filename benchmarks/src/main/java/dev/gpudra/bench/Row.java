package dev.gpudra.bench;

import java.util.Objects;
import java.util.Optional;

/**
 * One line of the report: the figure's name, ours as printed, the floor and ours/floor, the peer
 * and ours/peer (empty without a floor or a peer), and the target ours' {@code value} is checked
 * against.
 */
record Row(
    String figure,
    String measured,
    String floor,
    String ratio,
    String peer,
    String vsPeer,
    Optional<Target> target,
    double value) {
  Row {
    Objects.requireNonNull(figure, "figure");
    Objects.requireNonNull(target, "target");
  }

  String verdict() {
    return target.map(t -> t.metBy(value) ? "yes" : "NO").orElse("");
  }
}
