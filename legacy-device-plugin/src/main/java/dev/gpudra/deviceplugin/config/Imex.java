package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * {@code imex}: IMEX channels given to every container with a device.
 *
 * @param channelIds none or channel 0
 * @param required fail when a channel is asked for and missing
 */
public record Imex(@JsonProperty("channelIDs") List<Integer> channelIds, boolean required) {
  public Imex {
    channelIds = channelIds == null ? List.of() : List.copyOf(channelIds);
  }
}
