package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.gpudra.api.schema.Default;

/**
 * Container Device Interface support ({@code spec.cdi}).
 *
 * @param enabled whether the operands use CDI; absent means true (also the CRD default)
 * @param cdiDefault deprecated: accepted and ignored, as NVIDIA's
 * @param nriPluginEnabled whether the toolkit's NRI plugin injects devices; counts only when {@code
 *     enabled} is explicitly true
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CdiConfigSpec(
    @Default("true") Boolean enabled,
    @JsonProperty("default") @Default("false") Boolean cdiDefault,
    @Default("false") Boolean nriPluginEnabled)
    implements EnabledByDefault {}
