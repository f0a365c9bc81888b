package dev.gpudra.migrate.resources;

import java.util.Objects;
import java.util.Optional;

/** What a resource name under {@code nvidia.com/} means, or why it cannot be translated. */
public sealed interface Classification {

  /**
   * @param device the devices behind it
   * @param sharing how the device plugin shares them; empty: each container gets whole devices
   */
  record Translatable(PluginDevice device, Optional<SharedResource> sharing)
      implements Classification {
    public Translatable {
      Objects.requireNonNull(device, "device");
      Objects.requireNonNull(sharing, "sharing");
    }
  }

  /**
   * @param reason why, in a phrase that follows the resource's name
   */
  record Untranslatable(String reason) implements Classification {
    public Untranslatable {
      Objects.requireNonNull(reason, "reason");
    }
  }
}
