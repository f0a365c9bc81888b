package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Default;
import dev.gpudra.api.schema.Required;
import java.util.Map;

/**
 * Settings of NVIDIA's operator itself ({@code spec.operator}).
 *
 * @param defaultRuntime the container runtime to configure
 * @param runtimeClass the name of the RuntimeClass the operands use
 * @param initContainer the init container (CUDA base image) of operand pods
 * @param labels labels added to operand pods
 * @param annotations annotations added to operand pods
 * @param useOcpDriverToolkit whether to build the driver with OpenShift's Driver Toolkit
 * @param metrics (newer upstream, v26.7) the ServiceMonitor of the operator's own metrics
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperatorSpec(
    @Required @Default("\"docker\"") Runtime defaultRuntime,
    @Default("\"nvidia\"") String runtimeClass,
    InitContainerSpec initContainer,
    Map<String, String> labels,
    Map<String, String> annotations,
    @JsonProperty("use_ocp_driver_toolkit") Boolean useOcpDriverToolkit,
    OperatorMetricsSpec metrics) {
  public OperatorSpec {
    labels = Frozen.map(labels);
    annotations = Frozen.map(annotations);
  }
}
