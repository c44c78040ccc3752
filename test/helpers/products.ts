// A valid catalog product for feed tests: product i of a synthetic shop.
export function product(i: number): Record<string, unknown> {
  return {
    id: `sku-${i}`,
    title: `Product ${i}`,
    description: `Plain description of product ${i}`,
    availability: 'in stock',
    condition: 'new',
    price: `${(i % 90) + 10}.99 USD`,
    link: `https://shop.example/p/${i}`,
    image_link: `https://shop.example/img/${i}.jpg`,
    brand: 'Acme',
    inventory: (i % 7) + 1,
  };
}
