package dev.gpudra.deviceplugin.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.deviceplugin.config.Imex;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ImexChannelsTest {
  private static final DeviceNodeLocator NONE = path -> Optional.empty();
  private static final DeviceNodeLocator ALL = path -> Optional.of(DeviceNode.of(path));

  @Test
  @DisplayName("a channel on the node is given; a missing one is left out, or an error if required")
  void presence() {
    assertThat(new ImexChannels(new Imex(List.of(0), false), ALL).present()).containsExactly(0);
    assertThat(new ImexChannels(new Imex(List.of(0), false), NONE).present()).isEmpty();
    assertThat(new ImexChannels(new Imex(List.of(), true), NONE).present()).isEmpty();
    assertThatThrownBy(() -> new ImexChannels(new Imex(List.of(0), true), NONE).present())
        .isInstanceOf(ImexChannelMissingException.class)
        .hasMessage(
            "imex.required: IMEX channel 0 is not on the node"
                + " (/dev/nvidia-caps-imex-channels/channel0)");
  }
}
