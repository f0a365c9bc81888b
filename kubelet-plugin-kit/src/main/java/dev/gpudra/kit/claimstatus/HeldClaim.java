package dev.gpudra.kit.claimstatus;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PreparedDevice;
import java.util.List;
import java.util.Objects;

/**
 * A claim this node held prepared when the plugin started, as its checkpoint remembers it: its
 * entries are written again and follow health from then on.
 */
public record HeldClaim(ClaimRef claim, List<PreparedDevice> devices) {
  public HeldClaim {
    Objects.requireNonNull(claim, "claim");
    devices = List.copyOf(devices);
  }
}
