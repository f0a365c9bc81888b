package dev.gpudra.node.driverroot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CachedGpuEditsTest {
  @Test
  @DisplayName("a GPU's edits are looked up once; a failed lookup is tried again next time")
  void cachesSuccessOnly() {
    AtomicInteger lookups = new AtomicInteger();
    AtomicInteger failuresLeft = new AtomicInteger(1);
    CachedGpuEdits edits =
        new CachedGpuEdits(gpu -> {
          lookups.incrementAndGet();
          if (failuresLeft.getAndDecrement() > 0) {
            throw new CdiException("device node not there yet");
          }
          return ContainerEdits.ofNodes(List.of(DeviceNode.of("/dev/nvidia" + gpu.minor())));
        });
    var gpu = SimulatedGpus.gpu(2);

    assertThatThrownBy(() -> edits.of(gpu)).isInstanceOf(CdiException.class);
    ContainerEdits first = edits.of(gpu);
    ContainerEdits second = edits.of(gpu);

    assertThat(second).isSameAs(first);
    assertThat(lookups).hasValue(2);
  }
}
