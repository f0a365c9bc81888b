package dev.gpudra.api.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.featuregates.FeatureGates;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ComputeDomainConfigsTest {
  private final ConfigDecoder decoder = new ConfigDecoder(ConfigDecoder.COMPUTE_DOMAIN_KINDS);
  private final FeatureGates gates = FeatureGates.defaults();

  @Test
  @DisplayName(
      "the channel config the controller writes reads strictly; allocationMode defaults to Single")
  void channelConfig() {
    DeviceConfig all =
        decoder.decode(
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomainChannelConfig\","
                + "\"domainID\":\"5b9c\",\"allocationMode\":\"All\"}");
    DeviceConfig single =
        decoder.decode(
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomainChannelConfig\","
                + "\"domainID\":\"5b9c\"}");

    assertThat(all).isEqualTo(new ComputeDomainChannelConfig("5b9c", ChannelAllocationMode.ALL));
    assertThat(single.normalize(gates))
        .isEqualTo(new ComputeDomainChannelConfig("5b9c", ChannelAllocationMode.SINGLE));
    assertThat(decoder.encode(all).toString())
        .isEqualTo(
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomainChannelConfig\","
                + "\"domainID\":\"5b9c\",\"allocationMode\":\"All\"}");
  }

  @Test
  @DisplayName(
      "a config without its domain fails validation naming domainID; unknown fields and GPU kinds"
          + " are refused by this driver's decoder")
  void refusals() {
    assertThatThrownBy(() -> new ComputeDomainDaemonConfig("").validate(gates))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("domainID: must name the ComputeDomain");
    assertThatThrownBy(() ->
            decoder.decode(
                "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomainDaemonConfig\","
                    + "\"domainId\":\"x\"}"))
        .hasMessageContaining("strict decoding error: unknown field \"domainId\"");
    assertThatThrownBy(() ->
            decoder.decode(
                "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\"}"))
        .hasMessageContaining(
            "supported kinds: ComputeDomainChannelConfig, ComputeDomainDaemonConfig");
  }
}
