package dev.gpudra.kit.slices;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Why {@link FieldSelectors#CLIENT_SIDE} exists; fails once the mock learns spec field selectors.
 */
@EnableKubernetesMockClient(crud = true)
class MockFieldSelectorIT {
  KubernetesClient client;

  @Test
  @DisplayName(
      "the CRUD mock server answers spec.* field selectors with nothing, metadata.name works")
  void mockLacksSpecFieldSelectors() {
    client
        .resource(
            new ResourceSliceBuilder()
                .withNewMetadata()
                .withName("s")
                .endMetadata()
                .withNewSpec()
                .withDriver("d")
                .withNodeName("n")
                .withNewPool()
                .withName("n")
                .withGeneration(1L)
                .withResourceSliceCount(1L)
                .endPool()
                .endSpec()
                .build())
        .create();
    var slices = client.dynamicResourceAllocation().v1().resourcesSlices();

    assertThat(slices.withField("spec.driver", "d").list().getItems()).isEmpty();
    assertThat(slices.withField("metadata.name", "s").list().getItems()).hasSize(1);
  }
}
