package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;

/**
 * An environment variable of an operand container (NVIDIA's own type under every {@code env[]},
 * with no {@code valueFrom}).
 *
 * @param name the variable's name
 * @param value its value
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnvVar(@Required String name, String value) {}
